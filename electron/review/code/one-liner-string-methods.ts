// Strings a Ruby or Perl one-liner builds with a method before it runs them
// (issue 14): `["curl", "-fsSL", u, "|", "sh"].join(" ")`, `%w[…].join(" ")`,
// `[…] * " "`, Perl's `join(" ", …)`; `format("curl %s | sh", u)`,
// `sprintf(…)`, `"curl %s | sh" % [u]`; `"…" * 1` and Perl's `"…" x 1`; and a
// variable changed in place (`c << " | sh"`, `c += …`, `c.concat(…)`, Perl's
// `$c .= …`). Apart from one-liner-strings.ts, which reads strings and joins,
// because these are the language's methods on them. A value the code does not
// know (`url` never set) becomes `${url}`, as an unknown `#{…}` does: to the
// shell reader a word it cannot know, so `curl ${url} | sh` still runs a download.
import type { Tok } from './one-liner-processes.js';
import { wordsOf } from './one-liner-processes.js';
import { bare, joinAll, joined, MAX_ALTERNATIVES, MAX_PARTS, placeIn, TOO_MANY_ALTERNATIVES, TOO_MANY_PARTS, type Read, type Source } from './one-liner-strings.js';

/** Times a string is repeated, at most (`"…" * 1`); more is not a command anyone writes. */
const MAX_REPEAT = 4;
/** Methods that give the string they are called on: `("…" + "…").dup`. */
const SAME = /^(?:to_s|to_str|dup|clone|freeze|itself|\+@)$/;

const empty = (at: number): Tok => ({ kind: 'str', text: '', start: at, end: at, offsets: [] });

/** A value the code does not know, as the shell reader reads one: `${name}`, at the place of its first token. */
function unknown(t: Tok): Tok {
  const text = `\${${t.kind === 'id' ? bare(t).replace(/\W/g, '_') || 'value' : 'value'}}`;
  return { kind: 'str', text, start: t.start, end: t.end, offsets: Array.from(text, () => t.start) };
}

/**
 * The values between the bracket at j and its closing one, split at commas: each a string's alternatives, or an
 * unknown value. Undefined when the bracket does not close within the bound.
 */
function valuesIn(src: Source, j: number, depth: number): { values: Tok[][]; next: number } | undefined {
  const close = src.toks[j]?.text === '(' ? ')' : ']';
  const read = valuesUntil(src, j + 1, (k) => src.toks[k]?.text === close, depth);
  return read && { values: read.values, next: read.next + 1 };
}

/**
 * The values from k to where `stops` says, split at commas (`a, b = "curl …", "| sh"` has no brackets): each a
 * string's alternatives, or an unknown value; a Perl array the code filled (`@c`) stands for its elements. The
 * token where they stop, or undefined when they do not within the bound.
 */
export function valuesUntil(src: Source, k: number, stops: (k: number) => boolean, depth: number): { values: Tok[][]; next: number } | undefined {
  const from = k;
  const values: Tok[][] = [];
  while (values.length <= MAX_PARTS) {
    if (stops(k)) return { values, next: k };
    const first = src.toks[k];
    if (!first) return undefined;
    const list = first.kind === 'id' && first.text.startsWith('@') && src.language === 'perl' ? src.lists?.get(first.text) : undefined;
    const read = list ? { strings: [], next: k + 1 } : joined(src, k, depth + 1);
    const after = read && src.toks[read.next];
    if (read && (after?.text === ',' || stops(read.next))) {
      if (list) values.push(...list);
      else values.push(read.strings);
      k = read.next;
    } else {
      // Skip the value the code does not know, brackets and all, to its comma.
      let nested = 0;
      for (; k < src.toks.length && k < from + MAX_PARTS * 4 && !(nested === 0 && stops(k)); k++) {
        const t = src.toks[k]!;
        if (t.kind === 'p' && /^[([{]$/.test(t.text)) nested++;
        else if (t.kind === 'p' && /^[)\]}]$/.test(t.text) && nested-- === 0) break;
        else if (nested === 0 && t.text === ',') break;
      }
      if (src.toks[k]?.text !== ',' && !stops(k)) return undefined;
      values.push([unknown(first)]);
    }
    if (src.toks[k]?.text === ',') k++;
  }
  src.capped?.(src.toks[k], TOO_MANY_PARTS);
  return undefined;
}

/** Both joined, every pair; more than MAX_ALTERNATIVES pairs are cut, and the cut is said (not silent). */
function joinSaid(src: Source, as: readonly Tok[], bs: readonly Tok[], at: Tok | undefined): Tok[] {
  if (as.length * bs.length > MAX_ALTERNATIVES) src.capped?.(at, TOO_MANY_ALTERNATIVES);
  return joinAll(as, bs);
}

/** The elements joined with a separator, each character at its place. */
function joinWith(src: Source, elements: readonly Tok[][], separator: readonly Tok[], at: number): Tok[] {
  let out: Tok[] = [empty(at)];
  elements.forEach((element, i) => {
    out = joinSaid(src, i ? joinSaid(src, out, separator, separator[0]) : out, element, element[0]);
  });
  return out;
}

/** Ruby's and Perl's format (`%s`, `%d`, `%-10s`, `%%`): each alternative of the format with the values put in. */
function formatted(src: Source, formats: readonly Tok[], values: readonly Tok[][]): Tok[] | undefined {
  const out: Tok[] = [];
  for (const f of formats) {
    let parts: Tok[] = [empty(f.start)];
    let from = 0;
    let used = 0;
    const piece = (a: number, b: number, text = f.text.slice(a, b)): Tok => ({ kind: 'str', text, start: f.start, end: f.end, offsets: Array.from(text, (_, i) => placeIn(f, a + i)) });
    for (const m of f.text.matchAll(/%(%|[-+ 0#]*\d*(?:\.\d+)?[sdifp])/g)) {
      parts = joinAll(parts, [piece(from, m.index)]);
      if (m[1] === '%') parts = joinAll(parts, [piece(m.index, m.index + 1, '%')]);
      else {
        const value = values[used++];
        // Too few values: Ruby raises and Perl prints nothing there; either way not this command.
        if (!value) return undefined;
        parts = joinSaid(src, parts, value, value[0]);
      }
      from = m.index + m[0].length;
    }
    out.push(...joinAll(parts, [piece(from, f.text.length)]));
  }
  if (out.length > MAX_ALTERNATIVES) src.capped?.(out[MAX_ALTERNATIVES], TOO_MANY_ALTERNATIVES);
  return out.slice(0, MAX_ALTERNATIVES);
}

/** A list (`[…]`, `%w[…]`) joined into a string: `.join(" ")`, `.join`, `* " "`. */
function joinedList(src: Source, j: number, depth: number): Read | undefined {
  const t = src.toks[j]!;
  const held = t.kind === 'id' ? src.lists?.get(bare(t)) : undefined;
  const list = t.words ? { values: wordsOf(t).map((w) => [w]), next: j + 1 } : t.text === '[' ? valuesIn(src, j, depth) : held ? { values: held, next: j + 1 } : undefined;
  if (!list || src.language !== 'ruby') return undefined;
  const k = list.next;
  if (src.toks[k]?.text === '.' && src.toks[k + 1]?.text === 'join') {
    if (src.toks[k + 2]?.text !== '(') return { strings: joinWith(src, list.values, [empty(src.toks[k + 1]!.start)], t.start), next: k + 2 };
    const separator = valuesIn(src, k + 2, depth);
    if (!separator || separator.values.length > 1) return undefined;
    return { strings: joinWith(src, list.values, separator.values[0] ?? [empty(src.toks[k + 1]!.start)], t.start), next: separator.next };
  }
  if (src.toks[k]?.text === '*') {
    const separator = joined(src, k + 1, depth + 1);
    return separator && { strings: joinWith(src, list.values, separator.strings, t.start), next: separator.next };
  }
  return undefined;
}

/** A string built by a method at j: a list joined, Perl's `join(…)`, `format(…)` and `sprintf(…)`. */
export function builtAt(src: Source, j: number, depth: number): Read | undefined {
  const t = src.toks[j]!;
  if (t.words || t.text === '[' || (t.kind === 'id' && src.language === 'ruby' && src.lists?.has(bare(t)))) return joinedList(src, j, depth);
  // Ruby's Kernel.format(…) and Kernel::sprintf(…), Perl's CORE::join(…): the same function under its module.
  if (t.kind === 'id' && t.text === 'Kernel' && src.toks[j + 1]?.text === '.' && /^(?:format|sprintf)$/.test(src.toks[j + 2]?.text ?? '')) return builtAt(src, j + 2, depth);
  if (t.kind !== 'id' || src.toks[j + 1]?.text !== '(') return undefined;
  const name = bare(t).replace(/^(?:Kernel|CORE(?:::GLOBAL)?)::/, '');
  const call = /^(?:join|format|sprintf)$/.test(name) && (name !== 'join' || src.language === 'perl') ? valuesIn(src, j + 1, depth) : undefined;
  const [first, ...rest] = call?.values ?? [];
  if (!call || !first) return undefined;
  const strings = name === 'join' ? joinWith(src, rest, first, t.start) : formatted(src, first, rest);
  return strings && { strings, next: call.next };
}

/** A small whole number from the digits at k (the tokenizer gives each digit alone), and the token after it. */
function countAt(toks: readonly Tok[], k: number): { n: number; next: number } | undefined {
  let digits = '';
  let j = k;
  for (; toks[j]?.kind === 'p' && /^\d$/.test(toks[j]!.text) && (j === k || toks[j]!.start === toks[j - 1]!.end) && digits.length < 3; j++) digits += toks[j]!.text;
  return digits ? { n: Number(digits), next: j } : undefined;
}

/** What follows a string: Ruby's `% [u]` and `% u`, a repeat (`* 1`, Perl's `x 1`), a method that gives it back. */
export function suffixed(src: Source, read: Read, depth: number): Read | undefined {
  for (let rounds = 0; rounds < MAX_PARTS; rounds++) {
    const op = src.toks[read.next];
    const ruby = src.language === 'ruby';
    if (ruby && op?.kind === 'p' && op.text === '%') {
      const list = src.toks[read.next + 1]?.text === '[' ? valuesIn(src, read.next + 1, depth) : undefined;
      const one = list ? undefined : joined(src, read.next + 1, depth + 1);
      const values = list?.values ?? (one ? [one.strings] : undefined);
      const strings = values && formatted(src, read.strings, values);
      if (!strings) return undefined;
      read = { strings, next: list?.next ?? one!.next };
    } else if (op && ((ruby && op.text === '*') || (src.language === 'perl' && op.kind === 'id' && op.text === 'x'))) {
      const count = countAt(src.toks, read.next + 1);
      if (!count || count.n > MAX_REPEAT) return undefined;
      const strings = read.strings;
      read = { strings: Array.from({ length: count.n }).reduce<Tok[]>((out) => joinAll(out, strings), [empty(strings[0]?.start ?? op.start)]), next: count.next };
    } else if (ruby && op?.text === '.' && SAME.test(src.toks[read.next + 1]?.text ?? '')) {
      const paren = src.toks[read.next + 2]?.text === '(' && src.toks[read.next + 3]?.text === ')';
      read = { strings: read.strings, next: read.next + (paren ? 4 : 2) };
    } else return read;
  }
  return undefined;
}

/**
 * A statement at k that changes the variable named there in place: Ruby's `c << " | sh"`, `c.concat(" | sh")`,
 * `c += " | sh"`, Perl's and PHP's `$c .= " | sh"`. Where its value starts, and whether it is
 * in the parentheses of a call.
 */
export function appendAt(toks: readonly Tok[], k: number, language: string): { from: number; paren: boolean } | undefined {
  const t = toks[k];
  const op = toks[k + 1];
  if (t?.kind !== 'id' || op?.kind !== 'p' || /^(?:\.|->|::)$/.test(toks[k - 1]?.text ?? '')) return undefined;
  const adjacent = (a: number) => toks[a + 1]?.start === toks[a]!.end;
  if (language === 'ruby' && op.text === '<<') return { from: k + 2, paren: false };
  if (language === 'ruby' && op.text === '.' && /^(?:concat|<<)$/.test(toks[k + 2]?.text ?? '') && toks[k + 3]?.text === '(') return { from: k + 4, paren: true };
  // Perl's and PHP's `+=` adds numbers.
  const joiner = language === 'ruby' ? '+' : '.';
  if (op.text === joiner && toks[k + 2]?.text === '=' && adjacent(k + 1)) return { from: k + 3, paren: false };
  return undefined;
}
