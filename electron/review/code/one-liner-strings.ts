// Strings a Perl, Ruby or PHP one-liner builds before it runs them (issue 14):
// `c = "curl … | sh"; system(c)`, `"cur" + "l …"`, `system(c + " | sh")`,
// `#{c}` in backticks, and a block's parameter standing for each element
// (`list.each { |c| system("sh", "-c", c) }`). A variable is known by the
// strings it may hold: one for an assignment, one per element for a block's
// parameter. Each character keeps its place in the code, so a finding points
// at the literal it came from. Apart from one-liners.ts because it is about
// what a string is, not where values flow.
import type { Tok } from './one-liner-processes.js';
import { builtAt, suffixed } from './one-liner-string-methods.js';

/** Variables whose value is a known string, each with the strings it may hold. */
export type KnownStrings = Map<string, readonly Tok[]>;
/** Lists the code filled (`cmd = []; cmd << "curl …"`, Perl's `@c`), each element with the strings it may hold. */
export type KnownLists = Map<string, Tok[][]>;

/** Strings one value may be, at most: a block's list is short, and joins multiply. */
export const MAX_ALTERNATIVES = 16;
/** Parts of one string expression looked at, at most. */
export const MAX_PARTS = 40;

/** The code place of character i of a token's text (i = its length: just past its end). */
export function placeIn(t: Tok, i: number): number {
  if (!t.offsets) return t.start + i;
  if (!t.offsets.length) return t.start;
  return i < t.offsets.length ? t.offsets[Math.max(0, i)]! : t.offsets.at(-1)! + 1;
}

function offsetsOf(t: Tok): number[] {
  return t.offsets ? [...t.offsets] : Array.from(t.text, (_, i) => t.start + i);
}

/** Two strings joined, each character at its place. */
export function join(a: Tok, b: Tok): Tok {
  return { kind: 'str', text: a.text + b.text, start: a.start, end: b.end, offsets: [...offsetsOf(a), ...offsetsOf(b)] };
}

/** Every pairing of the alternatives of a and b, joined, up to the cap. */
export function joinAll(as: readonly Tok[], bs: readonly Tok[]): Tok[] {
  const out: Tok[] = [];
  for (const a of as) for (const b of bs) if (out.length < MAX_ALTERNATIVES) out.push(join(a, b));
  return out;
}

/** The variable a token names, sigil taken off. */
export const bare = (t: Tok): string => t.text.replace(/^[$@%&]/, '');

/** Where Ruby puts a value into a string: `#{…}`. */
const RUBY_VALUE = /#\{([^{}]*)\}/g;
/**
 * Where Perl and PHP put a variable into a double-quoted string: `$a`, `${a}`, PHP's `{$a}`. An escaped sigil and
 * a name followed by a subscript or an arrow (an element, not the variable) match nothing of the groups.
 */
const SIGIL_VALUE: Record<string, RegExp> = {
  perl: /\\[\s\S]|\$\{(\w+)\}|\$(\w+)(?![\w[{]|->)|\$\w+/g,
  php: /\\[\s\S]|\$\{(\w+)\}|\{\$(\w+)\}|\$(\w+)(?![\w[]|->)|\$\w+/g,
};

/**
 * What a string token may be once the variables put into it are known: Ruby's `"curl #{u} | sh"`, `` `#{c}` ``.
 * A single-quoted string is text as it is. An unknown `#{…}` becomes `${…}` of the same length (its inside made a
 * plain name): to the shell reader a value it cannot know, where the shell would read `#` as a comment.
 */
export function interpolated(t: Tok, language: string, known: KnownStrings): Tok[] {
  if (t.literal || t.kind === 'p' || t.kind === 'id') return [t];
  const ruby = language === 'ruby';
  const marks = ruby ? (t.text.includes('#{') ? RUBY_VALUE : undefined) : t.text.includes('$') ? SIGIL_VALUE[language] : undefined;
  if (!marks) return [t];
  let parts: Tok[] = [{ kind: 'str', text: '', start: t.start, end: t.start, offsets: [] }];
  let from = 0;
  const piece = (a: number, b: number, text = t.text.slice(a, b)): Tok => ({ kind: 'str', text, start: t.start + a, end: t.start + b, offsets: Array.from(text, (_, i) => placeIn(t, a + i)) });
  for (const m of t.text.matchAll(marks)) {
    // Perl's and PHP's `\$a` is a dollar sign; `$a[0]`, `$a{x}`, `$a->…` name an element, not the string $a.
    const inside = m[1] ?? m[2] ?? m[3];
    if (inside === undefined) continue;
    parts = joinAll(parts, [piece(from, m.index)]);
    const held = /^\s*(\w+)\s*$/.exec(inside) ? known.get(inside.trim()) : undefined;
    // An unknown Ruby value is no comment to the shell; an unknown Perl or PHP one stays the `$name` it reads as.
    parts = held ? joinAll(parts, held) : joinAll(parts, [piece(m.index, m.index + m[0].length, ruby ? `\${${inside.replace(/\W/g, '_')}}` : undefined)]);
    from = m.index + m[0].length;
  }
  parts = joinAll(parts, [piece(from, t.text.length)]);
  // Already put together: not to be read for #{…} again.
  return parts.map((p) => ({ ...p, kind: t.kind, start: t.start, end: t.end, literal: true }));
}

/**
 * The strings an expression may be, when it is a string expression: a string, a variable holding one, those joined
 * (`"cur" + "l …"`, `c + " | sh"`, Perl's and PHP's `.`), or built by a method (one-liner-string-methods.ts:
 * `[…].join(" ")`, `format("curl %s | sh", u)`, `"…" % [u]`, `"…" * 1`); undefined for anything else.
 */
export function stringsOf(expr: readonly Tok[], language: string, known: KnownStrings, lists?: KnownLists, capped?: Capped): Tok[] | undefined {
  // No bound on the expression's length here: joined() reads at most MAX_PARTS parts and says when it stops.
  if (!expr.length) return undefined;
  const read = joined({ toks: expr, language, known, ...(lists ? { lists } : {}), ...(capped ? { capped } : {}) }, 0, 0);
  // Put together already: not to be read for #{…} again.
  return read && read.next === expr.length ? read.strings.map((s) => ({ ...s, literal: true })) : undefined;
}

/** What a string expression is read from: its tokens, its language, the variables known to hold strings. */
export interface Source {
  readonly toks: readonly Tok[];
  readonly language: string;
  readonly known: KnownStrings;
  readonly lists?: KnownLists;
  /** Told when a bound stops the reading of a string or list the code builds, at the token where it stopped. */
  readonly capped?: Capped;
}

/**
 * Told where a bound (parts, alternatives) stopped the reading of what the code builds, and why: harmless parts
 * that fill it must not hide the command after them unsaid (the walk's stop, flow.ts).
 */
export type Capped = (at: Tok | undefined, why: string) => void;

/** Why reading stopped at the bound on parts. */
export const TOO_MANY_PARTS = `it builds a string or list of more than ${MAX_PARTS} parts`;
/** Why reading stopped at the bound on alternatives. */
export const TOO_MANY_ALTERNATIVES = `a string it builds may be more than ${MAX_ALTERNATIVES} different strings`;

/** The strings of the expression read from j, and the token after it. */
export interface Read {
  readonly strings: Tok[];
  readonly next: number;
}

/** Brackets inside brackets read, at most. */
export const MAX_NESTING = 8;

/** Parts joined with the language's joiner from j: a trailing joiner (`a +`) is no string. */
export function joined(src: Source, j: number, depth: number): Read | undefined {
  const joiner = src.language === 'ruby' ? /^(?:\+|<<)$/ : /^\.$/;
  let read = term(src, j, depth);
  for (let parts = 1; read; parts++) {
    const t = src.toks[read.next];
    if (t?.kind !== 'p' || !joiner.test(t.text)) return read;
    if (parts >= MAX_PARTS) {
      src.capped?.(t, TOO_MANY_PARTS);
      return undefined;
    }
    const right = term(src, read.next + 1, depth);
    if (right && read.strings.length * right.strings.length > MAX_ALTERNATIVES) src.capped?.(src.toks[read.next + 1], TOO_MANY_ALTERNATIVES);
    read = right && { strings: joinAll(read.strings, right.strings), next: right.next };
  }
  return undefined;
}

/** One part: a string, a variable holding one, a part in parentheses, or one built by a method, with its suffixes. */
export function term(src: Source, j: number, depth: number): Read | undefined {
  if (depth > MAX_NESTING) return undefined;
  const t = src.toks[j];
  if (!t) return undefined;
  let read: Read | undefined;
  if (t.kind === 'p' && t.text === '(') {
    const inner = joined(src, j + 1, depth + 1);
    read = inner && src.toks[inner.next]?.text === ')' ? { strings: inner.strings, next: inner.next + 1 } : undefined;
  } else if (t.kind === 'str' && !t.words) read = { strings: interpolated(t, src.language, src.known), next: j + 1 };
  else if (t.kind === 'id' && src.toks[j + 1]?.text !== '(') {
    const held = src.known.get(bare(t));
    read = held && { strings: [...held], next: j + 1 };
  }
  read ??= builtAt(src, j, depth);
  return read && suffixed(src, read, depth);
}
/** Every choice of one alternative per place, in order, up to the cap: the commands a call may be given. */
export function choices<T>(places: readonly (readonly T[])[], capped?: () => void): T[][] {
  let out: T[][] = [[]];
  for (const alternatives of places) {
    const next: T[][] = [];
    if (out.length * alternatives.length > MAX_ALTERNATIVES) capped?.();
    for (const chosen of out) for (const a of alternatives) if (next.length < MAX_ALTERNATIVES) next.push([...chosen, a]);
    out = next;
  }
  return out;
}
