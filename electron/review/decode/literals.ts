// String literals as code writes them, read without a parser (the text may be
// markdown, a config value or a script in any language): quoted literals,
// chains of them glued by concatenation (`'cu' + 'rl'`, Python's adjacent
// literals across lines), lists joined into one string, and names assigned a
// literal (so `b64decode(PAYLOAD)` finds PAYLOAD's value).

export interface Literal {
  readonly start: number;
  readonly end: number;
  /** The characters between the quotes, simple escapes (\\ \' \") undone. */
  readonly value: string;
}

/** Literals glued into one string; a single literal is a chain of one. */
export interface Chain {
  readonly start: number;
  readonly end: number;
  readonly pieces: readonly Literal[];
  readonly value: string;
}

/** Bounded work on hostile input: a file of a million quotes is read for its first literals only. */
export const MAX_LITERALS = 20_000;
const MAX_LITERAL = 256 * 1024;

// Opening quotes after a word character are apostrophes ("don't"), not literals.
const LITERAL = /(?<![\w\\'"`])[rbuRBUfF]{0,2}("""|'''|"|'|`)/g;

function unescapeSimple(s: string): string {
  return s.replace(/\\(["'\\`])/g, '$1');
}

export function literalsOf(text: string): Literal[] {
  const out: Literal[] = [];
  LITERAL.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = LITERAL.exec(text)) !== null && out.length < MAX_LITERALS) {
    const quote = m[1]!;
    const open = m.index + m[0].length;
    const limit = Math.min(text.length, open + MAX_LITERAL);
    let i = open;
    let closed = -1;
    if (quote.length === 3) {
      const at = text.indexOf(quote, open);
      if (at >= 0 && at < limit) closed = at;
    } else {
      const multiline = quote === '`';
      for (; i < limit; i++) {
        const c = text[i];
        if (c === '\\') {
          i++;
          continue;
        }
        if (c === quote) {
          closed = i;
          break;
        }
        if (c === '\n' && !multiline) break;
      }
    }
    if (closed < 0) {
      // Not a literal (an apostrophe, a stray quote): go on after the quote.
      LITERAL.lastIndex = m.index + m[0].length;
      continue;
    }
    out.push({ start: m.index, end: closed + quote.length, value: unescapeSimple(text.slice(open, closed)) });
    LITERAL.lastIndex = closed + quote.length;
  }
  return out;
}

// What may glue two literals into one string: + (most languages), . (PHP, Perl), .. (Lua), & (VB),
// or nothing but space and line breaks (Python's adjacent literals, inside parentheses or after \).
const GLUE = /^(?:\s|\\\n|\+|\.\.?(?=\s)|&)*$/;

export function chainsOf(text: string, literals: readonly Literal[]): Chain[] {
  const out: Chain[] = [];
  let i = 0;
  while (i < literals.length) {
    const pieces = [literals[i]!];
    let j = i + 1;
    while (j < literals.length) {
      const prev = pieces[pieces.length - 1]!;
      const next = literals[j]!;
      const gap = text.slice(prev.end, next.start);
      if (gap.length > 40 || !GLUE.test(gap) || (gap.trim() === '' && (gap.match(/\n/g) ?? []).length > 1)) break;
      pieces.push(next);
      j++;
    }
    const value = pieces.map((p) => p.value).join('');
    out.push({ start: pieces[0]!.start, end: pieces[pieces.length - 1]!.end, pieces, value: value.slice(0, MAX_LITERAL) });
    i = j;
  }
  return out;
}

/** Lists of literals joined with an empty separator: `"".join(["c","u"])`, `["c","u"].join("")`, `('c','u') -join ''`. */
export function joinedListsOf(text: string, literals: readonly Literal[]): Chain[] {
  const out: Chain[] = [];
  let i = 0;
  while (i < literals.length) {
    const first = literals[i]!;
    const open = text.slice(Math.max(0, first.start - 2), first.start).search(/[[(]\s*$/);
    if (open < 0) {
      i++;
      continue;
    }
    const pieces = [first];
    let j = i + 1;
    while (j < literals.length && /^\s*,\s*$/.test(text.slice(pieces[pieces.length - 1]!.end, literals[j]!.start))) pieces.push(literals[j++]!);
    const last = pieces[pieces.length - 1]!;
    const close = /^\s*,?\s*[\])]/.exec(text.slice(last.end, last.end + 8));
    if (pieces.length >= 2 && close) {
      const listEnd = last.end + close[0].length;
      const before = text.slice(Math.max(0, first.start - 40), first.start);
      const after = text.slice(listEnd, listEnd + 40);
      // The whole expression, so that what is shown joined replaces all of it.
      const sepBefore = /(?:''|"")\s*\.\s*join\s*\(\s*(?:\w+\s*\(\s*)?[[(]?\s*$/.exec(before);
      const joinAfter = /^\s*\.\s*join\s*\(\s*(?:''|""|``)\s*\)/.exec(after);
      const psAfter = /^\s*-join\s*(?:''|"")/i.exec(after);
      const psBefore = /-join\s*\(?\s*$/i.exec(before);
      if (sepBefore || joinAfter || psAfter || psBefore) {
        const start = sepBefore ? first.start - before.length + sepBefore.index : psBefore ? first.start - before.length + psBefore.index : first.start;
        let end = joinAfter ? listEnd + joinAfter[0].length : psAfter ? listEnd + psAfter[0].length : listEnd;
        // `"".join([…])`: the call's closing parenthesis too.
        if (sepBefore) end += /^\s*\)/.exec(text.slice(end, end + 8))?.[0].length ?? 0;
        out.push({ start, end, pieces, value: pieces.map((p) => p.value).join('') });
      }
    }
    i = j;
  }
  return out;
}

/** Names given a literal (or a chain of literals) in this text: `X = "…"`, `const X = '…'`, `X="…"` in shell, `$X = "…"`. */
export function assignmentsOf(text: string, chains: readonly Chain[]): Map<string, Chain> {
  const out = new Map<string, Chain>();
  for (const chain of chains) {
    const before = text.slice(Math.max(0, chain.start - 80), chain.start);
    const m = /(?:^|[^\w.$])\$?([A-Za-z_][\w]*)(?:\s*:\s*[\w[\], .|]+?)?\s*(?::=|=)\s*(?:\(\s*)?[rbuRBUfF]{0,2}$/.exec(before);
    if (m && !out.has(m[1]!)) out.set(m[1]!, chain);
  }
  return out;
}
