// The lockfile's JSON, read strictly: a lockfile is reviewed in pull requests
// as text, so what a person reads in it must be what the command reads. A key
// an object names twice is refused: JSON.parse keeps the last copy silently,
// so `"digest": "sha256:<reviewed>"` followed a few lines later by
// `"digest": "sha256:<other>"` (or a second section for the same server or
// skill) would pin bytes nobody reviewed while the first copy looks right.
// Every problem says where it is: the line and column, and the path of keys.
import { createScanner, type SyntaxKind } from 'jsonc-parser';

/** jsonc-parser's SyntaxKind is a const enum, which this build cannot import as values; these are its numbers. */
const OPEN_BRACE: SyntaxKind = 1;
const CLOSE_BRACE: SyntaxKind = 2;
const OPEN_BRACKET: SyntaxKind = 3;
const CLOSE_BRACKET: SyntaxKind = 4;
const COMMA: SyntaxKind = 5;
const STRING: SyntaxKind = 10;
const LINE_COMMENT: SyntaxKind = 12;
const BLOCK_COMMENT: SyntaxKind = 13;
const UNKNOWN: SyntaxKind = 16;
const EOF: SyntaxKind = 17;

/** A place in the file that is wrong: where it is, and what. */
export class JsonProblem extends Error {
  constructor(readonly problem: string) {
    super(problem);
  }
}

export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

/** `servers.prod.skills["skill://a/SKILL.md"].resources[0]`: a path of keys as a person would write it. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(top level)';
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else if (typeof part === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(part)) out += out ? `.${part}` : part;
    else out += `[${JSON.stringify(String(part))}]`;
  }
  return out;
}

interface Frame {
  /** The frame this one's value sits in, and its key or index there: the path is built only for a message. */
  readonly parent: Frame | undefined;
  readonly at: PropertyKey | undefined;
  /** Object: each key seen, with the offset it was first named at; undefined for an array. */
  readonly keys: Map<string, number> | undefined;
  expectKey: boolean;
  key: string | undefined;
  index: number;
}

function pathOf(frame: Frame): PropertyKey[] {
  const path: PropertyKey[] = [];
  for (let f: Frame | undefined = frame; f?.parent; f = f.parent) path.push(f.at!);
  return path.reverse();
}

/**
 * Throws a JsonProblem for the first object that names a key more than once, with the object's path and the
 * lines of its first two copies. `text` has already parsed as JSON. Read with the scanner, which does not recurse, so a
 * file nested a million levels deep is read as any other.
 */
export function refuseRepeatedKeys(text: string): void {
  const scanner = createScanner(text, true);
  let top: Frame | undefined;
  const open = (object: boolean) => {
    const at = top ? (top.keys ? top.key : top.index) : undefined;
    top = { parent: top, at, keys: object ? new Map() : undefined, expectKey: object, key: undefined, index: 0 };
  };
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    const frame = top;
    if (token === OPEN_BRACE || token === OPEN_BRACKET) open(token === OPEN_BRACE);
    else if (token === CLOSE_BRACE || token === CLOSE_BRACKET) top = top?.parent;
    else if (token === COMMA && frame) {
      if (frame.keys) frame.expectKey = true;
      else frame.index++;
    } else if (token === STRING && frame?.keys && frame.expectKey) {
      const key = scanner.getTokenValue();
      const first = frame.keys.get(key);
      frame.expectKey = false;
      frame.key = key;
      if (first === undefined) frame.keys.set(key, scanner.getTokenOffset());
      else {
        const lines = [first, scanner.getTokenOffset()].map((o) => lineAndColumn(text, o).line);
        const path = pathOf(frame);
        const where = path.length === 0 ? 'at the top level' : `in ${formatPath(path)}`;
        throw new JsonProblem(
          `${JSON.stringify(key)} is named more than once ${where} (lines ${lines[0]} and ${lines[1]}): a JSON reader keeps only the last, so the file would not pin what it shows first. Keep one.`,
        );
      }
    }
  }
}

/**
 * Where JSON.parse stopped, as "line L, column C": it says "at position N" for most problems, nothing for a file
 * cut short ("Unexpected end of JSON input": the place is the end) or for a character that starts no token
 * ("Unexpected token '…'"), which the scanner finds. A person opens the file at a line, not at a character count.
 */
export function syntaxErrorPlace(text: string, message: string): string | undefined {
  let offset: number | undefined;
  const position = /at position (\d+)/.exec(message);
  if (position) offset = Number(position[1]);
  else if (/end of JSON input/i.test(message)) offset = text.length;
  else {
    const scanner = createScanner(text, false);
    for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
      if (token === UNKNOWN || token === LINE_COMMENT || token === BLOCK_COMMENT || scanner.getTokenError() !== 0) {
        offset = scanner.getTokenOffset();
        break;
      }
    }
  }
  if (offset === undefined) return undefined;
  const { line, column } = lineAndColumn(text, offset);
  return `line ${line}, column ${column}`;
}
