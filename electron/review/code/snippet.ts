// A piece of code found in a skill, with the way back from each of its
// offsets to the original file, so a finding points at the right line and
// column however the code was found (a whole script, a fenced block, a JSON
// string with escapes, a heredoc inside a block inside SKILL.md).
import type { TextSource } from '../rules/context.js';
import type { CodeLanguage } from './grammars.js';

export type SnippetOrigin = 'file' | 'fence' | 'block' | 'span' | 'config' | 'nested';

/**
 * How findings in a snippet are judged: `code` is code as written; `command` is a configuration
 * field meant to hold a command (npm scripts, `command:`); `value` is a configuration value that
 * should be data, where any code execution is itself the finding (risk-exec-in-config).
 */
export type SnippetMode = 'code' | 'command' | 'value';

export interface Snippet {
  readonly source: TextSource;
  readonly language: CodeLanguage;
  readonly text: string;
  /** Source offset of a snippet offset. */
  readonly at: (offset: number) => number;
  readonly origin: SnippetOrigin;
  /** In words, for messages: "the fenced bash block", "the heredoc for python3", "field scripts.build". */
  readonly label: string;
  readonly mode: SnippetMode;
  /** The configuration field holding it (`scripts.build`). */
  readonly field?: string;
  readonly depth: number;
  /** The language was guessed (an unlabelled block): it counts as code only if it parses as such. */
  readonly guessed?: boolean;
}

export function linear(base: number): (offset: number) => number {
  return (offset) => base + offset;
}

/** A map from a table of offsets, one per character plus one for the end. */
export function table(offsets: readonly number[]): (offset: number) => number {
  const last = offsets.length - 1;
  return (offset) => offsets[Math.max(0, Math.min(last, offset))] ?? 0;
}

export interface Decoded {
  readonly text: string;
  /** Offset (in the raw text's coordinates, shifted by `start`) of each decoded character, plus the end. */
  readonly offsets: number[];
}

/** Text as is: each character at its own place. */
export function verbatim(text: string, start: number): Decoded {
  const offsets = new Array<number>(text.length + 1);
  for (let i = 0; i <= text.length; i++) offsets[i] = start + i;
  return { text, offsets };
}

const SIMPLE: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f', v: '\v', '0': '\0', a: '\x07', e: '\x1b' };

/**
 * Decodes backslash escapes of a quoted string's inside (JSON, JavaScript, Python, C-like),
 * keeping the raw offset of every decoded character.
 */
export function unescape(raw: string, start: number, flavour: 'c' | 'shell-double' = 'c'): Decoded {
  let text = '';
  const offsets: number[] = [];
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== '\\' || i + 1 >= raw.length) {
      text += c;
      offsets.push(start + i);
      continue;
    }
    const n = raw[i + 1]!;
    if (flavour === 'shell-double') {
      // In "…", a backslash only escapes $ ` " \ and a newline.
      if (n === '\n') {
        i++;
        continue;
      }
      if ('$`"\\'.includes(n)) {
        text += n;
        offsets.push(start + i);
        i++;
      } else {
        text += c;
        offsets.push(start + i);
      }
      continue;
    }
    let out: string;
    let used = 1;
    if (n === 'x' && /^[0-9a-f]{2}$/i.test(raw.slice(i + 2, i + 4))) {
      out = String.fromCharCode(parseInt(raw.slice(i + 2, i + 4), 16));
      used = 3;
    } else if (n === 'u' && raw[i + 2] === '{') {
      const close = raw.indexOf('}', i + 3);
      const cp = close > 0 ? parseInt(raw.slice(i + 3, close), 16) : NaN;
      out = Number.isFinite(cp) && cp <= 0x10ffff ? String.fromCodePoint(cp) : n;
      used = close > 0 ? close - i : 1;
    } else if (n === 'u' && /^[0-9a-f]{4}$/i.test(raw.slice(i + 2, i + 6))) {
      out = String.fromCharCode(parseInt(raw.slice(i + 2, i + 6), 16));
      used = 5;
    } else if (n === '\n') {
      i++;
      continue;
    } else {
      out = SIMPLE[n] ?? n;
    }
    for (const ch of out) {
      text += ch;
      offsets.push(start + i);
      if (ch.length === 2) offsets.push(start + i);
    }
    i += used;
  }
  offsets.push(start + raw.length);
  return { text, offsets };
}

/** Lines of a block with a common prefix removed (`$ ` prompts, indentation), keeping offsets. */
export function stripLines(text: string, start: number, strip: (line: string) => number): Decoded {
  let out = '';
  const offsets: number[] = [];
  let pos = 0;
  for (const line of text.split('\n')) {
    const cut = Math.min(strip(line), line.length);
    for (let i = cut; i < line.length; i++) {
      out += line[i];
      offsets.push(start + pos + i);
    }
    out += '\n';
    offsets.push(start + pos + line.length);
    pos += line.length + 1;
  }
  out = out.slice(0, -1);
  offsets.length = out.length;
  offsets.push(start + text.length);
  return { text: out, offsets };
}
