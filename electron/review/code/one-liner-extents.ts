// Where the parts of a Perl, Ruby or PHP one-liner end, read from its tokens:
// a call's argument, a program call's arguments, a Ruby statement that may
// run on past a line break. Apart from one-liners.ts, which follows what the
// code runs, because this is only about where an expression stops. Every token
// looked at costs one unit of the snippet's shared work budget.
import type { Tok } from './one-liner-processes.js';

/** Token visits left for one snippet, shared by every reader of it: calls nested in calls are looked at again by each. */
export interface Work {
  left: number;
}

/** Where the expressions of a one-liner end. */
export interface Extents {
  /** The end (exclusive) of the argument of a call or an operator at k. */
  readonly argEnd: (k: number) => number;
  /** The end of a program call's arguments, the call's name at k. */
  readonly programEnd: (k: number) => number;
  /** Where Ruby's statement from `from` ends before `end`. */
  readonly lineEnd: (from: number, end: number) => number;
}

export function extentsOf(toks: readonly Tok[], code: string, language: string, work: Work): Extents {
  /** The end (exclusive) of the argument of a call or an operator at k: its parentheses, else up to the statement's end. */
  const argEnd = (k: number): number => {
    let depth = 0;
    for (let j = k; j < toks.length && work.left-- > 0; j++) {
      const t = toks[j]!;
      if (t.kind !== 'p') continue;
      if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
      else if (t.text === ')' || t.text === ']' || t.text === '}') {
        if (--depth < 0) return j;
        if (depth === 0 && j === k) return j + 1;
        if (depth === 0 && toks[k]!.text === '(') return j + 1;
      } else if (depth === 0 && (t.text === ';' || (t.text === ',' && toks[k]!.text !== '('))) return j;
    }
    return toks.length;
  };

  /** The end of a program call's arguments: its parentheses, else the statement (`exec "sh", "-c", …;`). */
  const programEnd = (k: number): number => {
    if (toks[k + 1]?.text === '(') return argEnd(k + 1);
    let depth = 0;
    for (let j = k + 1; j < toks.length && work.left-- > 0; j++) {
      const t = toks[j]!;
      // Ruby's `do |c| exec "…" end`: the block's end ends the call.
      if (depth === 0 && t.kind === 'id' && t.text === 'end' && language === 'ruby') return j;
      if (t.kind !== 'p') continue;
      if (/^[([{]$/.test(t.text)) depth++;
      else if (/^[)\]}]$/.test(t.text) && --depth < 0) return j;
      else if (depth === 0 && t.text === ';') return j;
    }
    return toks.length;
  };
  /**
   * Where Ruby's statement from `from` ends before `end`: at a line break, unless the line ends with an operator or
   * a comma (`c = "cur" +` goes on to the next line). Perl and PHP end theirs with `;` only.
   */
  const lineEnd = (from: number, end: number): number => {
    if (language !== 'ruby') return end;
    for (let j = from + 1; j < end; j++) {
      const prev = toks[j - 1]!;
      if (code.slice(prev.end, toks[j]!.start).includes('\n') && !(prev.kind === 'p' && /^(?:[-+*/,.([{|&]|<<|\\)$/.test(prev.text))) return j;
    }
    return end;
  };
  return { argEnd, programEnd, lineEnd };
}
