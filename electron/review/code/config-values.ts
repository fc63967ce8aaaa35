// The string values of a configuration file (JSON, YAML, TOML), each with
// its field path and the original offset of every character, so code hidden
// in a value can be parsed and reported where it is written.
import { parseTree, type Node as JsonNode } from 'jsonc-parser';
import { isMap, isScalar, isSeq, parseDocument, type Node as YamlNode } from 'yaml';
import { readPlainFrontmatter } from '../../skills/plain-frontmatter.js';
import { jsonBeforeTooDeep } from '../../storage/where-json-stops.js';
import { unescape, verbatim, type Decoded } from './snippet.js';

export interface ConfigValue {
  /** `scripts.build`, `hooks.PreToolUse[0].command`. */
  readonly field: string;
  /** The last key on the path (`build`), or the parent key for array items. */
  readonly key: string;
  readonly value: Decoded;
}

export type ConfigFormat = 'json' | 'yaml' | 'toml';

export const MAX_VALUES = 2000;

/** Where reading stopped at MAX_VALUES: the first value left unread (an offset in the text), if any. */
interface Stop {
  at?: number;
}

export function configFormat(path: string, label?: string): ConfigFormat | undefined {
  const name = (label ?? path.slice(path.lastIndexOf('/') + 1)).toLowerCase();
  if (/(?:^|\.)(?:json|jsonc|json5)$/.test(name) || name === '.babelrc' || name === '.eslintrc') return 'json';
  if (/(?:^|\.)(?:ya?ml)$/.test(name)) return 'yaml';
  if (/(?:^|\.)toml$/.test(name)) return 'toml';
  return undefined;
}

export function configValues(text: string, format: ConfigFormat, start = 0): ConfigValue[] {
  return configValuesRead(text, format, start).values;
}

/**
 * The values, and the offset in `text` of the first one past MAX_VALUES when there are more: harmless values that
 * fill the bound must not hide the one after them without a word (find-snippets.ts says where reading stopped).
 */
export function configValuesRead(text: string, format: ConfigFormat, start = 0): { values: ConfigValue[]; stoppedAt?: number } {
  const stop: Stop = {};
  try {
    const values = format === 'json' ? jsonValues(text, start, stop) : format === 'yaml' ? yamlValues(text, start, stop) : tomlValues(text, start, stop);
    return stop.at === undefined ? { values } : { values, stoppedAt: stop.at };
  } catch {
    return { values: [] };
  }
}

function jsonValues(text: string, start: number, stop: Stop = {}): ConfigValue[] {
  // parseTree recurses a frame a level: a flood of '[' after the values would overflow the stack and, caught above,
  // hide every value of the block. Only the text before the too-deep part is parsed (offsets unchanged: a prefix).
  const root = parseTree(jsonBeforeTooDeep(text), [], { allowTrailingComma: true, disallowComments: false });
  const out: ConfigValue[] = [];
  const visit = (node: JsonNode, field: string, key: string, depth: number): void => {
    // Past the bound the walk goes on only to the first string left unread.
    if (depth > 64 || stop.at !== undefined) return;
    if (node.type === 'object') {
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k && v) visit(v, field ? `${field}.${String(k.value)}` : String(k.value), String(k.value), depth + 1);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, i) => visit(child, `${field}[${i}]`, key, depth + 1));
    } else if (node.type === 'string') {
      if (out.length >= MAX_VALUES) stop.at = node.offset;
      else out.push({ field, key, value: unescape(text.slice(node.offset + 1, node.offset + node.length - 1), start + node.offset + 1) });
    }
  };
  if (root) visit(root, '', '', 0);
  return out;
}

/** Offsets of a value's characters found line by line in its raw text (YAML block and quoted scalars). */
function align(value: string, text: string, from: number, to: number, start: number): Decoded {
  const offsets: number[] = [];
  let cursor = from;
  const lines = value.split('\n');
  lines.forEach((line, n) => {
    const found = line.length > 0 ? text.indexOf(line, cursor) : -1;
    const base = found >= 0 && found < to ? found : cursor;
    for (let i = 0; i < line.length; i++) offsets.push(start + Math.min(base + i, to));
    cursor = found >= 0 && found < to ? found + line.length : cursor;
    if (n < lines.length - 1) offsets.push(start + Math.min(cursor, to));
  });
  offsets.push(start + to);
  return { text: value, offsets };
}

function yamlValues(text: string, start: number, stop: Stop): ConfigValue[] {
  return plainYamlValues(text, start, stop) ?? yamlLibraryValues(text, start, stop);
}

/**
 * The values of YAML in the commonest frontmatter form (one `key: plain value` a line), read without the YAML
 * library, or undefined for anything else. Every SKILL.md's frontmatter is read here, and the library took ~50–80 µs
 * a reading. readPlainFrontmatter accepts only text the library reads as exactly that mapping of plain scalars, each
 * its line's text after the first ": " (plain-frontmatter.property.test.ts); config-values.property.test.ts holds
 * this to yamlLibraryValues' answer, offsets included.
 */
export function plainYamlValues(text: string, start: number, stop: Stop = {}): ConfigValue[] | undefined {
  if (!readPlainFrontmatter(text)) return undefined;
  const out: ConfigValue[] = [];
  for (let lineStart = 0; lineStart <= text.length; ) {
    if (out.length >= MAX_VALUES) {
      if (lineStart < text.length) stop.at = lineStart;
      break;
    }
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline < 0 ? text.length : newline;
    const colon = text.indexOf(': ', lineStart);
    const key = text.slice(lineStart, colon);
    out.push({ field: key, key, value: verbatim(text.slice(colon + 2, lineEnd), start + colon + 2) });
    if (newline < 0) break;
    lineStart = newline + 1;
  }
  return out;
}

export function yamlLibraryValues(text: string, start: number, stop: Stop = {}): ConfigValue[] {
  const doc = parseDocument(text, { strict: false, uniqueKeys: false, prettyErrors: false });
  const out: ConfigValue[] = [];
  const visit = (node: YamlNode | null | undefined, field: string, key: string, depth: number): void => {
    // Past the bound the walk goes on only to the first string left unread.
    if (!node || depth > 64 || stop.at !== undefined) return;
    if (isMap(node)) {
      for (const pair of node.items) {
        const k = isScalar(pair.key) ? String(pair.key.value) : '?';
        visit(pair.value as YamlNode | null, field ? `${field}.${k}` : k, k, depth + 1);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => visit(item as YamlNode | null, `${field}[${i}]`, key, depth + 1));
    } else if (isScalar(node) && typeof node.value === 'string' && node.range) {
      if (out.length >= MAX_VALUES) {
        stop.at = node.range[0];
        return;
      }
      const [from, , to] = node.range;
      const raw = text.slice(from, to);
      let value: Decoded;
      if (node.type === 'QUOTE_DOUBLE' && !raw.includes('\n')) value = unescape(raw.slice(1, raw.trimEnd().length - 1), start + from + 1);
      else if (node.type === 'PLAIN' && raw.trimEnd() === node.value) value = verbatim(node.value, start + from);
      else value = align(node.value, text, from, to, start);
      out.push({ field, key, value });
    }
  };
  visit(doc.contents as YamlNode | null, '', '', 0);
  return out;
}

const TOML_VALUE = /^[ \t]*((?:[\w.-]+|"[^"\n]*")(?:[ \t]*\.[ \t]*(?:[\w-]+|"[^"\n]*"))*)[ \t]*=[ \t]*("""[\s\S]*?"""|'''[\s\S]*?'''|"(?:[^"\\\n]|\\.)*"|'[^'\n]*')/gm;
const TOML_TABLE = /^[ \t]*\[\[?([^\]\n]+)\]\]?/gm;

function tomlValues(text: string, start: number, stop: Stop): ConfigValue[] {
  const tables: Array<{ at: number; name: string }> = [];
  for (const m of text.matchAll(TOML_TABLE)) tables.push({ at: m.index, name: m[1]!.trim() });
  const out: ConfigValue[] = [];
  for (const m of text.matchAll(TOML_VALUE)) {
    if (out.length >= MAX_VALUES) {
      stop.at = m.index;
      break;
    }
    const key = m[1]!.replace(/\s+/g, '').replace(/"/g, '');
    const table = tables.filter((t) => t.at < m.index).pop()?.name;
    const raw = m[2]!;
    const rawAt = m.index + m[0].length - raw.length;
    const triple = raw.startsWith('"""') || raw.startsWith("'''");
    const q = triple ? 3 : 1;
    const inner = raw.slice(q, raw.length - q);
    const value = raw.startsWith('"') ? unescape(inner, start + rawAt + q) : verbatim(inner, start + rawAt + q);
    out.push({ field: table ? `${table}.${key}` : key, key: key.split('.').pop()!, value });
  }
  return out;
}
