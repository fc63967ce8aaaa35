// Words split to slip past filters: literals glued together (`'cu'+'rl'`),
// lists joined (`"".join([…])`), short variables joined (`$a$b`, `a + b`,
// `${a}${b}`), and shell words broken by quotes, backslashes or empty
// expansions (`c''url`, `s\\h`, `cu$@rl`). Only when a sensitive word spans a
// piece boundary: the word itself must be what was hidden.
import { MAX_DECODED } from './codecs.js';
import type { Collector } from './found.js';
import { joinedListsOf, type Chain, type Literal } from './literals.js';
import { SENSITIVE } from './words.js';

// ---------------------------------------------------------------------------
// Split words

function spansBoundary(pieces: readonly string[], joined: string): string | undefined {
  const lower = joined.toLowerCase();
  const bounds: number[] = [];
  let at = 0;
  for (const p of pieces.slice(0, -1)) {
    at += p.length;
    bounds.push(at);
  }
  for (const word of SENSITIVE) {
    let i = lower.indexOf(word);
    while (i >= 0) {
      const end = i + word.length;
      if (bounds.some((b) => b > i && b < end)) return word;
      i = lower.indexOf(word, i + 1);
    }
  }
  return undefined;
}

const SHELL_WORDS = new Set(['curl', 'wget', 'bash', 'sh', 'zsh', 'nc', 'ncat', 'netcat', 'socat', 'python', 'python3', 'perl', 'ruby', 'php', 'node', 'base64', 'eval', 'exec', 'chmod', 'sudo', 'powershell', 'pwsh', 'iex', 'rm', 'cat', 'xxd', 'openssl', 'ssh', 'scp', 'telnet', '/bin/sh', '/bin/bash', 'mshta', 'certutil', 'bitsadmin', 'rundll32', 'invoke-expression', 'invoke-webrequest']);
// A word start, plain characters, then at least one break; every alternative starts with its own
// character, so the match never backtracks more than the word's length.
const SHELL_SPLIT = /(?<![\w'"\\$])[A-Za-z0-9_./~-]*(?:'[A-Za-z0-9_./~-]*'|"[A-Za-z0-9_./~-]*"|\\[A-Za-z]|\$@|\$\*|\$\{IFS\}|\$\(\))(?:[A-Za-z0-9_./~-]|'[A-Za-z0-9_./~-]*'|"[A-Za-z0-9_./~-]*"|\\[A-Za-z]|\$@|\$\*|\$\{IFS\}|\$\(\))*(?![\w'"\\])/g;
const CODE_CONCAT = /(?:(?:"[^"\n]{0,40}"|'[^'\n]{0,40}'|\b[A-Za-z_]\w*\b)\s*\+\s*)+(?:"[^"\n]{0,40}"|'[^'\n]{0,40}'|\b[A-Za-z_]\w*\b)/g;
const SHELL_VARS = /(?<![\w$])(?:[A-Za-z0-9_./-]*\$\{?[A-Za-z_]\w*\}?)+[A-Za-z0-9_./-]*/g;

/** The line around a span, cut to a few hundred characters either side on a very long line. */
function lineAround(text: string, start: number, end: number): { lineStart: number; lineEnd: number } {
  const window = 400;
  const from = Math.max(0, start - window);
  // Searches bounded to the window: on a megabyte-long line an unbounded search per span is quadratic.
  const back = text.slice(from, start).lastIndexOf('\n');
  const lineStart = back >= 0 ? from + back + 1 : from;
  const next = text.slice(end, end + window).indexOf('\n');
  const lineEnd = next >= 0 ? end + next : Math.min(text.length, end + window);
  return { lineStart, lineEnd };
}

export function splitWords(text: string, chains: readonly Chain[], literals: readonly Literal[], { isCovered, add }: Collector): void {
  const emit = (start: number, end: number, pieces: readonly string[], joined: string, replacement: string, how: string): void => {
    if (isCovered(start, end)) return;
    const word = spansBoundary(pieces, joined);
    if (!word) return;
    const { lineStart, lineEnd } = lineAround(text, start, end);
    const line = text.slice(lineStart, start) + replacement + text.slice(end, lineEnd);
    add({ start, end, method: 'split', encoding: how, raw: text.slice(start, Math.min(end, start + 2000)), rawLength: end - start, text: line.trim().slice(0, MAX_DECODED), word });
  };
  for (const chain of chains) {
    if (chain.pieces.length < 2) continue;
    emit(chain.start, chain.end, chain.pieces.map((p) => p.value), chain.value, JSON.stringify(chain.value), 'split strings');
  }
  for (const list of joinedListsOf(text, literals)) emit(list.start, list.end, list.pieces.map((p) => p.value), list.value, JSON.stringify(list.value), 'a joined list of strings');

  // Short names given a literal, for `a + b` and `$a$b`.
  const short = new Map<string, string>();
  for (const chain of chains) {
    const before = text.slice(Math.max(0, chain.start - 60), chain.start);
    const m = /(?:^|[^\w.$])\$?([A-Za-z_]\w*)\s*=\s*$/.exec(before);
    if (m && chain.value.length <= 24) short.set(m[1]!, chain.value);
  }
  const shellAssign = /(?:^|[;&\s])([A-Za-z_]\w*)=([A-Za-z0-9_./-]{1,24})(?=[;&\s]|$)/gm;
  let m: RegExpExecArray | null;
  while ((m = shellAssign.exec(text)) !== null) if (!short.has(m[1]!)) short.set(m[1]!, m[2]!);

  if (short.size > 0) {
    CODE_CONCAT.lastIndex = 0;
    let n = 0;
    while ((m = CODE_CONCAT.exec(text)) !== null && n++ < 5000) {
      const parts = m[0].split(/\s*\+\s*/);
      if (!parts.some((p) => /^[A-Za-z_]/.test(p))) continue; // literals only: the chain pass
      const values = parts.map((p) => (/^["']/.test(p) ? p.slice(1, -1) : short.get(p)));
      if (values.some((v) => v === undefined)) continue;
      const joined = values.join('');
      emit(m.index, m.index + m[0].length, values as string[], joined, JSON.stringify(joined), 'strings joined from variables');
    }
    SHELL_VARS.lastIndex = 0;
    n = 0;
    while ((m = SHELL_VARS.exec(text)) !== null && n++ < 5000) {
      const pieces: string[] = [];
      let ok = true;
      for (const part of m[0].split(/(\$\{?[A-Za-z_]\w*\}?)/)) {
        if (!part) continue;
        if (part.startsWith('$')) {
          const value = short.get(part.replace(/[${}]/g, ''));
          if (value === undefined) ok = false;
          else pieces.push(value);
        } else pieces.push(part);
      }
      if (!ok || pieces.length < 2) continue;
      const joined = pieces.join('');
      emit(m.index, m.index + m[0].length, pieces, joined, joined, 'strings joined from variables');
    }
  }

  // Shell words broken by quotes, backslashes or empty expansions: c'u'rl, cu""rl, c\url, cu$@rl.
  // All the broken words of one line make one finding, the line shown with each of them mended.
  if (/['"\\$]/.test(text)) {
    const byLine = new Map<number, Array<{ start: number; end: number; normal: string; word: string }>>();
    const breaks: number[] = [];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i);
    const lineOf = (offset: number): number => {
      let lo = 0;
      let hi = breaks.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (breaks[mid]! < offset) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    SHELL_SPLIT.lastIndex = 0;
    let n = 0;
    while ((m = SHELL_SPLIT.exec(text)) !== null && n++ < 20000) {
      const raw = m[0];
      if (/^(['"])[^'"]*\1$/.test(raw)) continue; // a whole word quoted: 'curl'
      // \n, \t and \r are escapes inside a string ("\nc" is a line break and a c), not a shell word broken by a backslash.
      if (/^\\|\\[ntr0]/.test(raw) && !/['"$]/.test(raw.replace(/\\[ntr0]/g, ''))) continue;
      const normal = raw
        .replace(/\$\{IFS\}/g, ' ')
        .replace(/\$@|\$\*|\$\(\)/g, '')
        .replace(/['"]/g, '')
        .replace(/\\(.)/g, '$1');
      const word = normal.split(' ')[0]!.toLowerCase();
      if (normal === raw || !SHELL_WORDS.has(word)) continue;
      if (isCovered(m.index, m.index + raw.length)) continue;
      const line = lineOf(m.index);
      const list = byLine.get(line) ?? [];
      list.push({ start: m.index, end: m.index + raw.length, normal, word });
      byLine.set(line, list);
    }
    for (const words of byLine.values()) {
      const first = words[0]!;
      const last = words[words.length - 1]!;
      const { lineStart } = lineAround(text, first.start, first.start);
      const { lineEnd } = lineAround(text, last.end, last.end);
      let line = '';
      let at = lineStart;
      for (const w of words) {
        line += text.slice(at, w.start) + w.normal;
        at = w.end;
      }
      line += text.slice(at, lineEnd);
      const raw = words.map((w) => text.slice(w.start, w.end)).join(' … ');
      add({ start: first.start, end: last.end, method: 'split', encoding: words.length > 1 ? 'shell words broken up' : 'a shell word broken up', raw, rawLength: last.end - first.start, text: line.trim(), word: first.word });
    }
  }
}
