// Ruby's block form of running each element (issue 14): `cmds.each { |c|
// system(c) }`, `%w[…].each do |c| exec c end`, `ARGV.each { |a| system a }`.
// The block's parameter stands for each element of what the iterator is
// called on, so a program call given the parameter runs each element, as
// `cmds.each(&method(:system))` does (blockPassAt in one-liner-processes.ts).
// Apart from that file because it reads a block's body, not a method object.
import { calleeAt, ITERATORS, PROGRAMS, receiverBefore, type BlockPass, type Tok } from './one-liner-processes.js';

/** Tokens of a block's body looked at, at most: one-liners are short. */
const MAX_BODY = 200;
/** Words that open a Ruby construct closed by `end`, other than `do`: a `do … end` block's end is the one that matches. */
const OPENS_END = /^(?:do|begin|def|class|module|case|while|until|for)$/;

/** The `|a, b|` parameters at j (the first is the element) and the token after them. */
function parametersAt(toks: readonly Tok[], j: number): { first: string; end: number } | undefined {
  if (toks[j]?.text !== '|' || toks[j + 1]?.kind !== 'id') return undefined;
  for (let e = j + 2; e < toks.length && e < j + 12; e++) if (toks[e]!.text === '|') return { first: toks[j + 1]!.text, end: e + 1 };
  return undefined;
}

/** One past the last token of the body from `from`: the `}` that closes a `{` block, the `end` of a `do` block. */
function bodyEnd(toks: readonly Tok[], from: number, braces: boolean): number {
  let depth = 0;
  for (let j = from; j < toks.length && j < from + MAX_BODY; j++) {
    const t = toks[j]!;
    if (braces && t.kind === 'p') {
      if (t.text === '{') depth++;
      else if (t.text === '}' && --depth < 0) return j;
    } else if (!braces && t.kind === 'id') {
      // `if`/`unless` as a modifier ("system c if ok") opens nothing; only at a statement's start would it, not read here.
      if (OPENS_END.test(t.text)) depth++;
      else if (t.text === 'end' && --depth < 0) return j;
    }
  }
  return Math.min(toks.length, from + MAX_BODY);
}

/** Whether the call at `at` (its name or `.call`) is given the parameter alone: `system(c)`, `system c`, `exec c end`. */
function givenAlone(toks: readonly Tok[], at: number, from: number, parameter: string, end: number): boolean {
  const open = toks[from]?.text === '(' && from === at + 1 ? 1 : 0;
  const arg = toks[from + open];
  if (arg?.kind !== 'id' || arg.text !== parameter) return false;
  const after = toks[from + open + 1];
  if (open) return after?.text === ')';
  return from + open + 1 >= end || after?.text === ';' || after?.text === '}' || after?.text === 'end';
}

/** A block given to an iterator at k (its name): `recv.each { |c| … }`, `recv.map do |u| … end`. */
export interface Block {
  /** The parameter that stands for each element. */
  readonly parameter: string;
  readonly receiver: BlockPass['receiver'];
  /** The first token of the body, and one past its last. */
  readonly body: number;
  readonly end: number;
}

/** The block given to the iterator at k, when one is. */
export function blockAt(toks: readonly Tok[], k: number): Block | undefined {
  const iterator = toks[k];
  if (iterator?.kind !== 'id' || !ITERATORS.test(iterator.text) || toks[k - 1]?.text !== '.') return undefined;
  const opener = toks[k + 1];
  const braces = opener?.kind === 'p' && opener.text === '{';
  if (!braces && !(opener?.kind === 'id' && opener.text === 'do')) return undefined;
  const parameters = parametersAt(toks, k + 2);
  if (!parameters) return undefined;
  const receiver = receiverBefore(toks, k - 1);
  if (!receiver) return undefined;
  return { parameter: parameters.first, receiver, body: parameters.end, end: bodyEnd(toks, parameters.end, braces) };
}

/**
 * A block at k (the iterator's name) that runs each element: `recv.each { |c| system(c) }`. Its end is where the
 * body starts, so that the reader goes on to read the body's own calls.
 */
export function blockCallAt(toks: readonly Tok[], k: number, refs?: ReadonlyMap<string, string>): BlockPass | undefined {
  const block = blockAt(toks, k);
  if (!block) return undefined;
  for (let j = block.body; j < block.end; j++) {
    if (toks[j]!.kind !== 'id') continue;
    const called = calleeAt(toks, j, refs);
    if (PROGRAMS.test(called.name) && givenAlone(toks, called.at, called.from, block.parameter, block.end)) return { name: called.name, receiver: block.receiver, at: k, end: block.body };
  }
  return undefined;
}
