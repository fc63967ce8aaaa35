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

/** The pair differs only by characters that draw as nothing (and perhaps a hyphen): nothing in it looks alike. */
export function hidesOnly(near: Pick<NearCollision, 'reason'>): boolean {
  return near.reason === 'hidden' || near.reason === 'hidden-and-hyphen';
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/**
 * The Collisions header's counts, pairs named as the cards name them: a pair
 * whose names differ only by a hidden character is a hidden-character pair,
 * not a lookalike one. "1 clash, 1 lookalike pair and 2 hidden-character pairs".
 */
export function collisionCountWords(clashes: number, nearCollisions: readonly Pick<NearCollision, 'reason'>[]): string {
  const hidden = nearCollisions.filter(hidesOnly).length;
  const parts = [count(clashes, 'clash', 'clashes'), count(nearCollisions.length - hidden, 'lookalike pair', 'lookalike pairs')];
  if (hidden > 0) parts.push(count(hidden, 'hidden-character pair', 'hidden-character pairs'));
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** The section's title: lookalike names, names with a hidden character, or both. */
export function nearSectionTitle(nearCollisions: readonly Pick<NearCollision, 'reason'>[]): string {
  const hidden = nearCollisions.filter(hidesOnly).length;
  if (hidden === 0) return 'Lookalike names';
  if (hidden === nearCollisions.length) return 'Names with a hidden character';
  return 'Lookalike names and names with a hidden character';
}
