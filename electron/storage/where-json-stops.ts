// Where text that JSON.parse refused stops being JSON, by place only.
// JSON.parse's own message quotes the text around the fault, and the app's
// files hold what must not be quoted: servers.json keeps server settings
// (arguments, URLs, headers; secrets in clear in a file from before the secret
// store), so a value typed without quotes ("X-Api-Key": sk-live-…) was quoted
// into a message the window and the log show. A host's settings file
// (Claude's, Cursor's, VS Code's mcp.json) is parsed here too, for the same
// depth limit and the same wording.
import { createScanner, parse as parseJsonc, parseTree, printParseErrorCode, type Node, type ParseError, type ParseOptions, type SyntaxKind } from 'jsonc-parser';

/**
 * jsonc-parser parses by recursion, a stack frame or more a level: 20,000 open brackets overflow the stack. Deeper
 * than this it does not look; no file the app writes comes near it (what a server sends is cut at 64 levels).
 */
const MAX_NESTING = 512;

/** jsonc-parser's SyntaxKind is a const enum, which this build cannot import as values; these are its numbers. */
const OPEN = new Set<SyntaxKind>([1, 3]);
const CLOSE = new Set<SyntaxKind>([2, 4]);
const EOF: SyntaxKind = 17;

const STRICT: ParseOptions = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };
/** What a host's settings file may hold beside JSON: comments and trailing commas. */
const WITH_COMMENTS: ParseOptions = { disallowComments: false, allowTrailingComma: true, allowEmptyContent: false };

/** The offset of the first bracket past `limit` levels (MAX_NESTING by default), or -1; by the scanner, which does not recurse. */
export function tooDeepAt(text: string, limit = MAX_NESTING): number {
  const scanner = createScanner(text, false);
  let depth = 0;
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    if (OPEN.has(token)) {
      if (++depth > limit) return scanner.getTokenOffset();
    } else if (CLOSE.has(token)) {
      depth = Math.max(0, depth - 1);
    }
  }
  return -1;
}

/**
 * `text` up to its first bracket past MAX_NESTING levels (all of it when none is): what jsonc-parser's tolerant
 * parse may be given whole. A reader that must see every value a file holds (the content review) reads the values
 * written before the too-deep part instead of losing them all to a stack overflow.
 */
export function jsonBeforeTooDeep(text: string): string {
  const deep = tooDeepAt(text);
  return deep >= 0 ? text.slice(0, deep) : text;
}

function place(text: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return `line ${line}, column ${offset - lineStart + 1}`;
}

/**
 * Where `text` stops being JSON, such as "InvalidSymbol at line 2, column 67" (jsonc-parser's name for the fault),
 * quoting none of it; '' when jsonc-parser finds no fault where JSON.parse did.
 */
export function whereJsonStops(text: string): string {
  const deep = tooDeepAt(text);
  // Past the depth limit only the text before it is parsed: a fault there is the first; else the depth is.
  const errors: ParseError[] = [];
  parseJsonc(deep >= 0 ? text.slice(0, deep) : text, errors, STRICT);
  return firstFault(text, errors, deep);
}

/**
 * A host's settings file (JSON with comments and trailing commas) as jsonc-parser's tree, for edits that keep the
 * rest of the file as it is; or, when it is not that, where it stops, worded as whereJsonStops words it.
 */
export function settingsTree(text: string): { readonly root: Node | undefined; readonly where?: undefined } | { readonly where: string } {
  const deep = tooDeepAt(text);
  const errors: ParseError[] = [];
  const root = parseTree(deep >= 0 ? text.slice(0, deep) : text, errors, WITH_COMMENTS);
  const where = firstFault(text, errors, deep);
  return where ? { where } : { root };
}

function firstFault(text: string, errors: readonly ParseError[], deep: number): string {
  const first = errors[0];
  if (first && (deep < 0 || first.offset < deep)) return `${printParseErrorCode(first.error)} at ${place(text, first.offset)}`;
  return deep >= 0 ? `nested more than ${MAX_NESTING} levels deep at ${place(text, deep)}` : '';
}
