// Adds (or replaces) the gateway's entry in a host's config text as a few
// edits (jsonc-parser's tree to find the place, from storage/where-json-stops.ts,
// which looks no deeper than 512 levels; applyEdits to apply them): only the
// entry's own text is new, so the user's comments, formatting, key order and
// other servers stay as they were. (jsonc-parser's
// modify() with formatting re-indents the whole line it touches: a one-line
// sibling server would be spread over several lines, so the edit is built
// here in the file's own indentation and line ending instead.)
// Pure: text in, text out; reading and writing are in write-host-config.ts.
import { applyEdits, type Edit, type FormattingOptions, type Node } from 'jsonc-parser';
import { settingsTree } from '../../storage/where-json-stops.js';

export class HostConfigError extends Error {
  constructor(
    readonly file: string,
    problem: string,
  ) {
    super(`${file}: ${problem}`);
    this.name = 'HostConfigError';
  }
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** The file's own indentation and line ending, so the added lines look like their neighbours. */
export function formattingOf(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indented = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indented?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indented ? Math.min(indented.length, 8) : 2, eol };
}

const KIND_NAMES: Record<string, string> = { array: 'an array', string: 'a string', number: 'a number', boolean: 'a boolean', null: 'null' };

/**
 * The text with `entry` under `serversKey.name`. `text` undefined (no file)
 * starts a new file. A file that does not parse, or whose root or servers
 * object is something else than an object, is refused with a HostConfigError
 * naming the file and line: rewriting it could lose what the user wrote.
 */
export function withGatewayEntry(text: string | undefined, file: string, serversKey: string, name: string, entry: Record<string, unknown>): string {
  if (text === undefined || text.trim() === '') return `${JSON.stringify({ [serversKey]: { [name]: entry } }, null, 2)}\n`;
  // A file nested too deep is named by place as any other fault: jsonc-parser recurses, 20,000 open brackets overflowed the stack.
  const tree = settingsTree(text);
  if (tree.where !== undefined) {
    throw new HostConfigError(file, `it is not valid JSON (${tree.where}). Fix the file, or copy the snippet and add it by hand; nothing was written.`);
  }
  const root = tree.root;
  if (!root || root.type !== 'object') {
    throw new HostConfigError(file, `its top level is ${KIND_NAMES[root?.type ?? 'null'] ?? 'not an object'}, not an object of settings; nothing was written.`);
  }
  refuseNamedTwice(text, file, root, serversKey, 'at its top level');
  const servers = root.children?.find((p) => p.children?.[0]?.value === serversKey)?.children?.[1];
  if (servers && servers.type !== 'object') {
    const { line } = lineAndColumn(text, servers.offset);
    throw new HostConfigError(file, `"${serversKey}" at line ${line} is ${KIND_NAMES[servers.type] ?? servers.type}, not an object of servers; nothing was written.`);
  }
  if (servers) refuseNamedTwice(text, file, servers, name, `in "${serversKey}"`);
  const format = formattingOf(text);
  const existing = servers?.children?.find((p) => p.children?.[0]?.value === name);
  const edits = existing?.children?.[1]
    ? [{ offset: existing.children[1].offset, length: existing.children[1].length, content: valueText(entry, format, indentAt(text, existing.offset)) }]
    : servers
      ? addProperty(text, servers, name, entry, format)
      : addProperty(text, root, serversKey, { [name]: entry }, format);
  return applyEdits(text, edits);
}

/**
 * A key an object names more than once is refused: a host reads the last copy (JSON.parse does), so the gateway's
 * entry written into another would never be read, while the app said it was added.
 */
function refuseNamedTwice(text: string, file: string, object: Node, key: string, where: string): void {
  const lines = (object.children ?? []).filter((p) => p.children?.[0]?.value === key).map((p) => lineAndColumn(text, p.offset).line);
  if (lines.length < 2) return;
  const listed = `${lines.slice(0, -1).join(', ')} and ${lines.at(-1)}`;
  throw new HostConfigError(file, `"${key}" is named ${lines.length} times ${where} (lines ${listed}): a host reads only the last, so an entry written into another would be ignored. Keep one, then try again; nothing was written.`);
}

/** The whitespace that starts the line `offset` is on. */
function indentAt(text: string, offset: number): string {
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))![0];
}

function unitOf(format: FormattingOptions): string {
  return format.insertSpaces ? ' '.repeat(format.tabSize ?? 2) : '\t';
}

/** A value as pretty JSON whose later lines start at `indent`. */
function valueText(value: unknown, format: FormattingOptions, indent: string): string {
  return JSON.stringify(value, null, unitOf(format)).split('\n').join(`${format.eol}${indent}`);
}

/** Edits that add `key: value` as the last property of `object`. */
function addProperty(text: string, object: Node, key: string, value: unknown, format: FormattingOptions): Edit[] {
  const eol = format.eol;
  const props = object.children ?? [];
  const last = props.at(-1);
  if (!last) {
    const outer = indentAt(text, object.offset);
    const inner = outer + unitOf(format);
    const open = object.offset + 1;
    const close = object.offset + object.length - 1;
    const property = `${eol}${inner}${JSON.stringify(key)}: ${valueText(value, format, inner)}`;
    // "{}" or "{ }" becomes a block; a comment inside the braces stays where it is.
    if (text.slice(open, close).trim() === '') return [{ offset: open, length: close - open, content: `${property}${eol}${outer}` }];
    return [{ offset: open, length: 0, content: property }, ...(text.slice(open, close).includes('\n') ? [] : [{ offset: close, length: 0, content: `${eol}${outer}` }])];
  }
  const indent = indentAt(text, last.offset);
  const end = last.offset + last.length;
  // The last property keeps its comma and a comment on its line: the new one goes on the next line.
  let i = end;
  const skipBlanks = () => {
    while (text[i] === ' ' || text[i] === '\t') i++;
  };
  skipBlanks();
  const comma = text[i] === ',';
  if (comma) {
    i++;
    skipBlanks();
  }
  if (text.startsWith('//', i)) {
    const nl = text.indexOf('\n', i);
    i = nl < 0 ? text.length : text[nl - 1] === '\r' ? nl - 1 : nl;
  } else if (text.startsWith('/*', i)) {
    const closeAt = text.indexOf('*/', i);
    if (closeAt >= 0 && !text.slice(i, closeAt).includes('\n')) {
      i = closeAt + 2;
      skipBlanks();
    }
  }
  const atLineEnd = i >= text.length || text[i] === '\n' || text[i] === '\r';
  if (!atLineEnd) {
    // A one-line object: the new property joins the line.
    return [{ offset: end, length: 0, content: `, ${JSON.stringify(key)}: ${JSON.stringify(value)}` }];
  }
  return [
    ...(comma ? [] : [{ offset: end, length: 0, content: ',' }]),
    { offset: i, length: 0, content: `${eol}${indent}${JSON.stringify(key)}: ${valueText(value, format, indent)}` },
  ];
}
