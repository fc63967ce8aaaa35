// Why two names pair, in the words the Collisions card's badge uses. A
// character that draws as nothing (a zero-width space, tag characters) is its
// own reason: nothing there looks alike, one name hides a character.
import type { NearCollision, NearCollisionReason } from '../../../../shared/review-model.js';

const HIDDEN = /\p{Default_Ignorable_Code_Point}/u;

const WORDS: Record<NearCollisionReason, (hidden: string) => string> = {
  confusable: () => 'lookalike characters',
  hyphen: () => 'differ only by a hyphen',
  'confusable-and-hyphen': () => 'lookalike characters and a hyphen',
  hidden: (hidden) => hidden,
  'hidden-and-hyphen': (hidden) => `${hidden} and a hyphen`,
  'hidden-and-confusable': () => 'hidden and lookalike characters',
  'hidden-confusable-and-hyphen': () => 'hidden and lookalike characters and a hyphen',
};

/** How many different characters that draw as nothing one name has and the other lacks. */
function hiddenCount([a, b]: NearCollision['names']): number {
  const only = (name: string, other: string) => [...name].filter((ch) => HIDDEN.test(ch) && !other.includes(ch));
  return new Set([...only(a, b), ...only(b, a)]).size;
}

export function nearReasonWords(near: Pick<NearCollision, 'names' | 'reason'>): string {
  return WORDS[near.reason](hiddenCount(near.names) > 1 ? 'hidden characters' : 'a hidden character');
}
