// Two lookalike names side by side, with the characters that differ marked:
// a Cyrillic "а" that passes for a Latin "a", a zero for an "o", a missing
// hyphen. What differs is computed character by character (the diff package).
import { diffChars } from 'diff';
import { codePointLabel } from '../../../../shared/invisible-chars.js';

export interface NamePart {
  readonly text: string;
  /** Not in the other name. */
  readonly differs: boolean;
  /** For a differing part: each character's code point, so lookalikes can be told apart. */
  readonly codes?: string;
}

function part(text: string, differs: boolean): NamePart {
  if (!differs) return { text, differs };
  return { text, differs, codes: [...text].map((ch) => (ch === '-' ? 'hyphen' : ch === '_' ? 'underscore' : codePointLabel(ch.codePointAt(0)!))).join(' ') };
}

export function markDifferences(a: string, b: string): readonly [readonly NamePart[], readonly NamePart[]] {
  const left: NamePart[] = [];
  const right: NamePart[] = [];
  for (const change of diffChars(a, b)) {
    if (change.added) right.push(part(change.value, true));
    else if (change.removed) left.push(part(change.value, true));
    else {
      left.push(part(change.value, false));
      right.push(part(change.value, false));
    }
  }
  return [left, right];
}
