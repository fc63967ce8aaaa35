// Statements of a Ruby or Perl one-liner that set several strings at once or
// fill a list element by element before it is joined and run (issue 14):
// Ruby's `a, b = "curl …", "| sh"` and `a, b = [...]`, Perl's
// `my ($a, $b) = (…)`; a list set (`cmd = []`, `my @c = (…)`) then grown
// (`cmd << "curl …"`, `cmd.push(…)`, `cmd.unshift(…)`, `cmd.insert(i, …)`, `cmd += […]`,
// Perl's `push @c, …`).
// What they set is what the string reader (one-liner-strings.ts) knows of the
// names afterwards, so `system("#{a} #{b}")` and `system(cmd.join(" "))` are
// read as the command they make. Apart from one-liners.ts, which follows
// where values flow, because this is only about which strings a name holds.
import type { Tok } from './one-liner-processes.js';
import { wordsOf } from './one-liner-processes.js';
import { bare, MAX_ALTERNATIVES, MAX_PARTS, term, TOO_MANY_ALTERNATIVES, TOO_MANY_PARTS, type KnownLists, type KnownStrings, type Source } from './one-liner-strings.js';
import { valuesUntil } from './one-liner-string-methods.js';

/** What the statement readers need: the tokens, the language, what names hold, where a statement ends. */
export interface ListContext extends Source {
  readonly known: KnownStrings;
  readonly lists: KnownLists;
  /** One past the last token of the statement whose value starts at `from`: its `;`, or for Ruby its line. */
  readonly statementEnd: (from: number) => number;
}

/** The name a list is known by: Perl's keeps its sigil (`@c` is not `$c`), Ruby's is the bare name. */
const listName = (t: Tok, language: string): string => (language === 'perl' ? t.text : bare(t));

/** Whether the token before k ends a statement (or there is none), so a name at k starts one. */
function startsStatement(c: ListContext, k: number): boolean {
  const prev = c.toks[k - 1];
  if (!prev) return true;
  if (prev.kind === 'p') return /^[;{}|]$/.test(prev.text);
  return c.language === 'ruby' && c.statementEnd(k - 1) <= k;
}

/** The values of a list written out: `[…]` (Ruby), `(…)` (Perl), `%w[…]`; undefined for anything else. */
function listAt(c: ListContext, from: number, end: number): Tok[][] | undefined {
  const t = c.toks[from];
  if (!t) return undefined;
  if (t.words && end === from + 1) return wordsOf(t).map((w) => [w]);
  const close = t.text === '[' && c.language === 'ruby' ? ']' : t.text === '(' && c.language === 'perl' ? ')' : undefined;
  if (t.kind !== 'p' || !close) return undefined;
  const read = valuesUntil(c, from + 1, (k) => c.toks[k]?.text === close, 0);
  return read && read.next + 1 === end ? read.values : undefined;
}

/** Sets the names to the values in order; a name with no known string, or past the values, is forgotten. */
function assignAll(c: ListContext, names: readonly string[], values: readonly Tok[][] | undefined): void {
  names.forEach((n, i) => {
    const v = values?.[i];
    if (v && v.length > MAX_ALTERNATIVES) c.capped?.(v[MAX_ALTERNATIVES], TOO_MANY_ALTERNATIVES);
    if (v && !(v.length === 1 && v[0]!.text.startsWith('${'))) c.known.set(n, v.slice(0, MAX_ALTERNATIVES));
    else c.known.delete(n);
    c.lists.delete(n);
  });
}

/**
 * More names than are read before the `=` of a multiple assignment (`x0, …, x44, a, b = …`): the names past them,
 * and the command they may hold, are not followed, so the review says where it stopped. Only when the names do end
 * in an `=` at the start of a statement: a call given many names assigns nothing.
 */
function cappedNames(c: ListContext, k: number, last: number): void {
  const { toks } = c;
  let j = last;
  while (toks[j]?.kind === 'id' && toks[j + 1]?.text === ',' && toks[j + 2]?.kind === 'id') j += 2;
  const eq = c.language === 'perl' && toks[j + 1]?.text === ')' ? j + 2 : j + 1;
  if (toks[eq]?.text === '=' && !/^[=~>]$/.test(toks[eq + 1]?.text ?? '') && startsStatement(c, k)) c.capped?.(toks[last + 2], TOO_MANY_PARTS);
}

/**
 * A multiple assignment at k (`a, b = …`, `my ($a, $b) = (…)`): the names it sets get their strings. The index of
 * its `=`, for the reader to go on from (the names are not single assignments), or undefined.
 */
function multipleAssignmentAt(c: ListContext, k: number): number | undefined {
  const { toks, language } = c;
  let j = k;
  if (language === 'perl' && /^(?:my|our|local)$/.test(toks[j]?.text ?? '')) j++;
  const paren = language === 'perl' && toks[j]?.text === '(';
  if (language === 'perl' ? !paren : toks[j]?.kind !== 'id') return undefined;
  if (paren) j++;
  const names: string[] = [];
  for (; toks[j]?.kind === 'id' && names.length < MAX_PARTS; j += 2) {
    names.push(language === 'perl' && !toks[j]!.text.startsWith('$') ? toks[j]!.text : bare(toks[j]!));
    if (toks[j + 1]?.text !== ',') break;
  }
  if (names.length === MAX_PARTS && toks[j + 1]?.text === ',') {
    cappedNames(c, k, j);
    return undefined;
  }
  if (paren) j += toks[j + 1]?.text === ')' ? 1 : toks.length;
  const eq = j + 1;
  if (names.length < 2 || toks[eq]?.text !== '=' || /^[=~>]$/.test(toks[eq + 1]?.text ?? '')) return undefined;
  if (!startsStatement(c, k)) return undefined;
  const end = c.statementEnd(eq + 1);
  const values = listAt(c, eq + 1, end) ?? (language === 'ruby' ? valuesUntil(c, eq + 1, (x) => x >= end, 0)?.values : undefined);
  assignAll(c, names, values);
  return eq;
}

/** A list grown at k: Ruby's `cmd << x << y`, `cmd.push(x, y)`, `cmd.unshift(x)`, `cmd.insert(i, x)`, `cmd += [x]`; Perl's `push @c, x`. */
function growthAt(c: ListContext, k: number): boolean {
  const { toks, language } = c;
  const t = toks[k]!;
  if (language === 'perl' && t.text === 'push' && !/^(?:->|\.)$/.test(toks[k - 1]?.text ?? '')) {
    const paren = toks[k + 1]?.text === '(';
    const list = toks[k + (paren ? 2 : 1)];
    const held = list?.kind === 'id' ? c.lists.get(list.text) : undefined;
    if (!list || !held || toks[k + (paren ? 3 : 2)]?.text !== ',') return false;
    const end = paren ? undefined : c.statementEnd(k + 3);
    const more = valuesUntil(c, k + (paren ? 4 : 3), (x) => (end === undefined ? toks[x]?.text === ')' : x >= end), 0);
    grow(c, list.text, held, more?.values);
    return true;
  }
  if (language !== 'ruby' || t.kind !== 'id' || /^(?:\.|::)$/.test(toks[k - 1]?.text ?? '')) return false;
  const held = c.lists.get(bare(t));
  if (!held) return false;
  const op = toks[k + 1];
  if (op?.text === '<<') {
    // Each `<<` adds one element: read part by part, not as strings joined with `<<`.
    const end = c.statementEnd(k + 2);
    const more: Tok[][] = [];
    for (let j = k + 2; j < end && more.length < MAX_PARTS; ) {
      const read = term(c, j, 0);
      more.push(read?.strings ?? []);
      if (!read || toks[read.next]?.text !== '<<') break;
      j = read.next + 1;
    }
    grow(c, bare(t), held, more.every((m) => m.length) ? more : undefined);
    return true;
  }
  const method = op?.text === '.' && toks[k + 3]?.text === '(' ? toks[k + 2]?.text : undefined;
  const plus = op?.text === '+' && toks[k + 2]?.text === '=' && toks[k + 3]?.text === '[';
  if (method === 'push' || method === 'append') grow(c, bare(t), held, valuesUntil(c, k + 4, (x) => toks[x]?.text === ')', 0)?.values);
  else if (method === 'unshift' || method === 'prepend') grow(c, bare(t), held, valuesUntil(c, k + 4, (x) => toks[x]?.text === ')', 0)?.values, 0);
  else if (method === 'insert') insertAt(c, k + 4, bare(t), held);
  else if (method === 'concat' || plus) grow(c, bare(t), held, listAt(c, k + 4, c.statementEnd(k + 4) - (method ? 1 : 0)));
  else if (op?.text === '.' || op?.text === '=') {
    // Any other change (`cmd.clear`, `cmd = …`): the list is no longer what was read.
    if (op.text === '.' && !/^(?:join|each|map|first|last|size|length|empty\?|include\?|to_a|dup|freeze)$/.test(toks[k + 2]?.text ?? '')) c.lists.delete(bare(t));
    return false;
  } else return false;
  return true;
}

/** The list grown by `more` put in before element `at` (at its end when not given); forgotten when not known. */
function grow(c: ListContext, name: string, held: Tok[][], more: Tok[][] | undefined, at = held.length): void {
  if (more && held.length + more.length > MAX_PARTS) c.capped?.(more.flat()[0], TOO_MANY_PARTS);
  if (more && held.length + more.length <= MAX_PARTS) c.lists.set(name, [...held.slice(0, at), ...more, ...held.slice(at)]);
  else c.lists.delete(name);
}

/**
 * Ruby's `cmd.insert(i, x, …)` with the arguments from j: before element i, or for a negative i after element i
 * from the end (-1 appends). An index not written as a number, or past either end (Ruby fills nils or raises),
 * forgets the list.
 */
function insertAt(c: ListContext, j: number, name: string, held: Tok[][]): void {
  const { toks } = c;
  const minus = toks[j]?.text === '-' ? 1 : 0;
  // The reader gives each digit its own token.
  let digits = '';
  for (let d = j + minus; toks[d]?.kind === 'p' && /^\d$/.test(toks[d]!.text) && digits.length < 3; d++) digits += toks[d]!.text;
  const index = digits ? Number(digits) * (minus ? -1 : 1) : undefined;
  const comma = j + minus + digits.length;
  const at = index === undefined ? -1 : index < 0 ? held.length + index + 1 : index;
  if (at < 0 || at > held.length || toks[comma]?.text !== ',') {
    c.lists.delete(name);
    return;
  }
  grow(c, name, held, valuesUntil(c, comma + 1, (x) => toks[x]?.text === ')', 0)?.values, at);
}

/**
 * A statement at k that sets several names or grows a list: what it sets is recorded in `c`. The index the reader
 * goes on from, or undefined when the statement is neither.
 */
export function listStatementAt(c: ListContext, k: number): number | undefined {
  if (c.language !== 'ruby' && c.language !== 'perl') return undefined;
  const eq = multipleAssignmentAt(c, k);
  if (eq !== undefined) return eq;
  return growthAt(c, k) ? k : undefined;
}

/** An assignment of a list written out (`cmd = []`, `cmd = %w[…]`, `my @c = (…)`) records it; any other forgets the name. */
export function listAssigned(c: ListContext, target: Tok, from: number, end: number): void {
  const name = listName(target, c.language);
  const list = c.language === 'perl' && !target.text.startsWith('@') ? undefined : listAt(c, from, end);
  if (list && list.length > MAX_PARTS) c.capped?.(c.toks[from], TOO_MANY_PARTS);
  if (list && list.length <= MAX_PARTS) c.lists.set(name, list);
  else c.lists.delete(name);
}
