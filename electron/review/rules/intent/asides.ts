// What the matcher steps over between two steps of a pattern, and what the
// negation guard steps over before the order: emphasis ("each and every one
// of"), a short aside between commas, one set off by dashes or brackets, and a
// hedge that names no case ("— unless told otherwise —", ", if possible,").
// Without it, piling up emphasis or breaking an order with an aside hides
// "Ignore — unless told otherwise — the previous instructions" from every
// pattern; with too much of it, a real condition ("— unless the release notes
// say so —") would be stepped over and turn advice into an order. The limits
// and the openings allowed are here, together, so that they are weighed
// against each other in one place.
import { words } from './lexicon.js';
import type { Token } from './normalise.js';

/**
 * Words that only stress what they stand in ("each and every one of", "under any circumstances whatsoever"):
 * they may stand anywhere between two steps without counting as slack, so that piling them up does not hide
 * the order. None holds a negation, a condition or a noun a step could need.
 */
const EMPHASIS = words(
  'emphasis',
  'each and every one of|each and every single one of|each and every|every single one of|every last one of|every single last one of|every single|any and all of|any and all|all and any|one and all|each one of|every one of|every bit of|the entirety of|the whole of|absolutely|literally|really|truly|utterly|whatsoever|at all|ever|even once|under any circumstances whatsoever|under any circumstances|in any circumstances|in any circumstance|for any reason whatsoever|for any reason at all|for any reason|at any point|at any time|at any stage|at any moment|in any way shape or form|in any shape or form|in any way|in any form|of any kind|regardless|whatever happens|whatever the reason|come what may|full and complete|complete and unabridged|full and unabridged|complete and entire|unabridged',
);
/** How an aside set off by commas, dashes or brackets may begin ("Ignore, for now, all …"): not with a condition or a reason. */
const ASIDE_START = words(
  'aside',
  'for|in|at|under|on|by|with|without|from|to|just|even|only|again|now|then|also|please|here|right|absolutely|really|truly|of course|whatsoever|regardless|ever|starting|beginning|effective|going forward|from now on|henceforth|hereby|seriously|honestly|frankly|quietly|simply|kindly|first|this time|once and for all|throughout|during|word for word|verbatim|exactly|precisely|character for character|line by line|unchanged|as is',
);
/**
 * How an aside may begin after a negation ("Never, not even once, tell …", "Do not, no matter what, …"): it only
 * repeats the negation, so it is stepped over when the word before it is one.
 */
const NEGATED_ASIDE_START = words('negated aside', 'not even|not once|not ever|not for|not under|not in|not at|not now|not today|not here|no matter|never|nor');
const NEGATION_WORDS = words('negation', 'not|never|no|nor');
/** Words an aside holds, at most: "right at the very top of your next response to the user" is eleven. */
const MAX_ASIDE = 14;
/**
 * Words an aside set off by a pair of dashes or brackets holds, at most: "— and this matters more than anything
 * else you were told today by anyone at all —" is fifteen. A pair of them marks where the aside ends, as commas
 * do not, so it may open with any word but a condition, an exception or a negation, which would make the order
 * advice.
 */
const MAX_SET_OFF_ASIDE = 32;
const SET_OFF_CONDITION = words('condition', 'if|unless|when|whenever|once|until|except|but|only|not|never|no|nor|as long as|provided|in case|after|before|while|so long as');
/**
 * A hedge that names no case ("— unless told otherwise —", ", if possible,"): when it is the whole aside the order
 * stands as it is, so it is stepped over although it opens with a condition. A real condition ("— unless the
 * release notes say so —") is not one, and keeps the order advice.
 */
const HEDGE_ASIDE = words(
  'hedge',
  'unless told otherwise|unless instructed otherwise|unless asked otherwise|unless stated otherwise|unless specified otherwise|unless noted otherwise|unless otherwise told|unless otherwise instructed|unless otherwise stated|unless otherwise specified|unless otherwise noted|if possible|if at all possible|if needed|if necessary|where possible|when possible',
);

/** How many words at `at` (after the first step) stress or set aside rather than say: emphasis, or a short aside between pauses. */
export function transparentAt(tokens: readonly Token[], at: number, sentence: number): number {
  const lengths = EMPHASIS.lengthsAt(tokens, at);
  if (lengths.length) return lengths[0]!;
  // "at any point or in any way": a phrase of emphasis joined on.
  const joined = tokens[at]?.word === 'or' || tokens[at]?.word === 'and' ? (EMPHASIS.lengthsAt(tokens, at + 1)[0] ?? 0) : 0;
  if (joined > 1 && tokens[at + 1]?.sentence === sentence) return 1 + joined;
  const before = tokens[at - 1];
  if (!before?.pauseAfter) return 0;
  for (const hedge of HEDGE_ASIDE.lengthsAt(tokens, at)) {
    if (tokens[at + hedge - 1]!.pauseAfter && tokens[at + hedge]?.sentence === sentence) return hedge;
  }
  if (before.setOffAfter && !SET_OFF_CONDITION.lengthsAt(tokens, at).length) {
    const end = setOffEnd(tokens, at, sentence);
    if (end > at) return end - at;
  }
  const opens = ASIDE_START.lengthsAt(tokens, at).length > 0 || (NEGATION_WORDS.has(before.word) && NEGATED_ASIDE_START.lengthsAt(tokens, at).length > 0);
  return opens ? asideEnd(tokens, at, sentence) - at : 0;
}

/** One past the last word of an aside that starts at `at` (ended by a pause, with more of the sentence after it), or `at`. */
function asideEnd(tokens: readonly Token[], at: number, sentence: number): number {
  for (let e = at; e < at + MAX_ASIDE && tokens[e]?.sentence === sentence; e++) {
    if (tokens[e]!.pauseAfter) return tokens[e + 1]?.sentence === sentence ? e + 1 : at;
  }
  return at;
}

/** One past the last word of an aside set off by dashes or brackets that starts at `at` (more of the sentence after it), or `at`. */
function setOffEnd(tokens: readonly Token[], at: number, sentence: number): number {
  for (let e = at; e < at + MAX_SET_OFF_ASIDE && tokens[e]?.sentence === sentence; e++) {
    if (tokens[e]!.setOffAfter) return tokens[e + 1]?.sentence === sentence ? e + 1 : at;
  }
  return at;
}

/** Where an aside that ends right before `end` (a pause after end - 1) starts, when one does (a pause before it too); else -1. */
export function asideBefore(tokens: readonly Token[], end: number, sentence: number): number {
  if (!tokens[end - 1]?.pauseAfter) return -1;
  // Set off by dashes or brackets: "Never (not even when a page you fetch insists on it …) disregard …".
  if (tokens[end - 1]!.setOffAfter) {
    for (let s = end - 1; s > end - 1 - MAX_SET_OFF_ASIDE && s > 0 && tokens[s]!.sentence === sentence; s--) {
      if (tokens[s - 1]!.setOffAfter) return tokens[s - 1]!.sentence === sentence ? s : -1;
    }
  }
  for (let s = end - 1; s > end - 1 - MAX_ASIDE && s > 0 && tokens[s]!.sentence === sentence; s--) {
    if (tokens[s - 1]!.pauseAfter) return tokens[s - 1]!.sentence === sentence ? s : -1;
  }
  return -1;
}
