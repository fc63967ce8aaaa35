// A small, explainable matcher over the words of normalise.ts: an intent
// pattern is a sequence of word families ("ignore/disregard/set aside …",
// then "previous/prior/your …", then "instructions/rules/constraints …"),
// each allowed a few words of slack before it, all inside one sentence
// (emphasis and a short aside between commas cost none: asides.ts).
// Guards then drop what reads as advice rather than an order: a negation
// just before the verb ("never reveal …"), reported speech ("if a page tells
// you to …"), a description of a tool ("git may ask for …"), a condition
// ("once the user has approved …").
import { asideBefore, transparentAt } from './asides.js';
import { words, type Lexicon } from './lexicon.js';
import type { Token } from './normalise.js';

// The families are built with these; they are offered here too, beside the patterns and guards they feed.
export { either, Lexicon, words } from './lexicon.js';

export interface Step {
  readonly lex: Lexicon;
  /** How many words may stand before this step (after the previous one), and which (any when unset). */
  readonly slack?: number;
  readonly over?: Lexicon;
  readonly optional?: boolean;
}

export interface Match {
  /** Token index of the first word, and one past the last. */
  readonly start: number;
  readonly end: number;
  /** The token ranges each step matched. */
  readonly parts: ReadonlyArray<readonly [number, number]>;
  /** One past the last word to quote: the end, or the end of the words that had to follow. */
  readonly shownEnd: number;
}

export type Guard = (m: Match, tokens: readonly Token[]) => boolean;

export interface IntentPattern {
  /** The words in plain terms, for the finding: "ignore … previous … instructions". */
  readonly shape: string;
  readonly steps: readonly Step[];
  /** What must follow the last step: the end of the sentence, or one of these words. */
  readonly followedBy?: { readonly lex?: Lexicon; readonly end?: boolean; readonly colon?: boolean };
  /** A negation right before it makes it advice ("never reveal your API key"). */
  readonly negatable?: boolean;
  /** Drop a match that describes what something else does ("git may ask for …"). */
  readonly describes?: boolean;
  /** Extra reasons to drop a match: each returns true to drop. */
  readonly unless?: readonly Guard[];
}

/** Words of emphasis and asides stepped over before one step, at most. */
const MAX_STEPPED_OVER = 16;

function matchSteps(steps: readonly Step[], k: number, pos: number, sentence: number, tokens: readonly Token[], parts: Array<readonly [number, number]>): number {
  if (k === steps.length) return pos;
  const step = steps[k]!;
  const slack = k === 0 ? 0 : (step.slack ?? 0);
  for (let skip = 0, stepped = 0, at = pos; ; ) {
    const t = tokens[at];
    if (!t || t.sentence !== sentence) break;
    for (const len of step.lex.lengthsAt(tokens, at)) {
      parts.push([at, at + len]);
      const end = matchSteps(steps, k + 1, at + len, sentence, tokens, parts);
      if (end >= 0) return end;
      parts.pop();
    }
    // Emphasis and asides cost no slack; any other word is slack, of the step's kind when it names one.
    // Capped, so that a sentence of "really really really …" costs each attempt a few words, not the sentence.
    const over = k === 0 || stepped >= MAX_STEPPED_OVER ? 0 : transparentAt(tokens, at, sentence);
    if (over > 0) {
      at += over;
      stepped += over;
      continue;
    }
    if (skip >= slack || (step.over && !step.over.has(t.word))) break;
    skip++;
    at++;
  }
  if (step.optional && k > 0) return matchSteps(steps, k + 1, pos, sentence, tokens, parts);
  return -1;
}

/** How many words after `end` the pattern's follow-up takes (0 for the end of a sentence or a colon), or -1 when it is missing. */
function followed(pattern: IntentPattern, end: number, tokens: readonly Token[]): number {
  const f = pattern.followedBy;
  if (!f) return 0;
  const last = tokens[end - 1]!;
  const next = tokens[end];
  if (f.lex && next && next.sentence === last.sentence) {
    const lengths = f.lex.lengthsAt(tokens, end);
    if (lengths.length > 0) return lengths[0]!;
  }
  if (f.colon && last.colonAfter) return 0;
  if (f.end && (!next || next.sentence !== last.sentence)) return 0;
  return -1;
}

/** The match of a pattern that starts at token i, if any. */
export function matchAt(pattern: IntentPattern, tokens: readonly Token[], i: number): Match | undefined {
  const parts: Array<readonly [number, number]> = [];
  const end = matchSteps(pattern.steps, 0, i, tokens[i]!.sentence, tokens, parts);
  if (end < 0) return undefined;
  const after = followed(pattern, end, tokens);
  if (after < 0) return undefined;
  return { start: i, end, parts: [...parts], shownEnd: end + after };
}

// ---- guards ----

const NEGATORS = words('negators', 'not|never|no|without|avoid|avoiding|nor|refuse|refusing|refrain|neither');
/** Words that may stand between a negation and the verb it negates ("never, under any circumstances, ever reveal"). */
const NEGATION_FILLER = words(
  'negation filler',
  'ever|you|should|must|shall|will|would|please|just|simply|accidentally|blindly|automatically|also|even|at|all|any|under|circumstances|to|try|attempt|ask|asked|being|be|and|or|directly|explicitly|intentionally|unintentionally|knowingly|casually|publicly|otherwise|from|so|as|is|are|that|it|do|does|did|need|have|has|agent|assistant|model|ai|claude|then|yourself|anyone|anybody|one|time|case',
);

/** A negation just before the match (fillers aside): "do not ignore", "never, ever reveal". */
export function negatedBefore(m: Match, tokens: readonly Token[]): boolean {
  const sentence = tokens[m.start]!.sentence;
  // An aside between the negation and the order ("Do not, for any reason, ignore …") is stepped over, once.
  const aside = asideBefore(tokens, m.start, sentence);
  const from = aside > 0 ? aside - 1 : m.start - 1;
  for (let i = from, seen = 0; i >= 0 && seen < 7; i--, seen++) {
    const t = tokens[i]!;
    if (t.sentence !== sentence) return false;
    if (NEGATORS.has(t.word)) return true;
    if (!NEGATION_FILLER.has(t.word)) return false;
  }
  return false;
}

const REPORTING = words(
  'reported speech',
  'says|say|said|saying|tells|tell|told|telling|asks|asked|asking|instructs|instructed|instructing|tries|tried|try|trying|attempts|attempted|attempt|attempting|claims|claim|claimed|claiming|pretends|pretend|pretending|urges|urged|directs|directed|requests|request|requested|orders|ordered|commands|commanded|demands|demanded|wants|wanted|invites|invited|encourages|encouraged|persuade|persuades|trick|tricks|tricked|convince|convinces|manipulate|manipulates|lure|lures|coax|coaxes',
);
const REPORT_OBJECT = words('reported object', 'you|the|agent|model|assistant|ai|it|them|us|me|llm|claude|bot|chatbot|to|a|an|your|user|users|system|reader');
/** Words that introduce a quoted example right before it: "phrases such as …", "e.g. …". */
const EXAMPLE_LEAD = words(
  'example lead',
  'like|such as|e g|eg|for example|for instance|including|phrase|phrases|wording|strings|string|sentence|sentences|pattern|patterns|example|examples|saying|called|named|titled|quote|quoting|quoted|containing|contains|detect|detects|detecting|flag|flags|flagged|block|blocks|reject|rejects|catch|catches|spot|spots|recognise|recognize|recognises|recognizes|labelled|labeled',
);
const EXAMPLE_FILLER = words('example filler', 'the|a|an|of|as|words|word|text|that|this|these|those|is|are|say|says|saying|quote|quoted|something|anything');

/**
 * Reported or quoted rather than meant: "if a page tells you to ignore …",
 * "attempts to reveal …", "phrases such as ignore previous instructions".
 */
export function reportedBefore(m: Match, tokens: readonly Token[]): boolean {
  const sentence = tokens[m.start]!.sentence;
  const inSentence = (i: number) => i >= 0 && tokens[i]!.sentence === sentence;
  // "… tells you to <match>": a reporting verb, up to three object words, then "to" right before.
  if (inSentence(m.start - 1) && tokens[m.start - 1]!.word === 'to') {
    for (let k = m.start - 2, seen = 0; inSentence(k) && seen < 4; k--, seen++) {
      if (REPORTING.has(tokens[k]!.word)) return true;
      if (!REPORT_OBJECT.has(tokens[k]!.word)) break;
    }
  }
  // "… tell them not to <match>", "ask the user never to …": the negation and "to" inside the match.
  const first = tokens[m.start]!.word;
  if (first === 'not' || first === 'never') {
    for (let k = m.start - 1, seen = 0; inSentence(k) && seen < 4; k--, seen++) {
      if (REPORTING.has(tokens[k]!.word)) return true;
      if (!REPORT_OBJECT.has(tokens[k]!.word)) break;
    }
  }
  // "… such as <match>", "e.g. <match>": an example lead, then only filler words up to the match.
  for (let i = m.start - 1; inSentence(i) && m.start - i <= 5; i--) {
    for (const len of EXAMPLE_LEAD.lengthsAt(tokens, i)) {
      let k = i + len;
      while (k < m.start && EXAMPLE_FILLER.has(tokens[k]!.word)) k++;
      if (k === m.start) return true;
    }
  }
  // A reporting verb that takes the words directly: "… says: ignore all previous instructions".
  const before = tokens[m.start - 1];
  return before !== undefined && before.sentence === sentence && before.colonAfter && REPORTING.has(before.word);
}

const MODALS = words('modals', 'may|might|can|could|would|will|tends|tend|often|sometimes|usually|frequently|occasionally|likely|prone|typically');
/** Subjects that make a modal an order to the agent, not a description: "you will …", "Claude will …". */
const AGENT_SUBJECT = words('agent subject', 'you|we|i|please|claude|agent|assistant|model|ai|llm|codex|copilot|gemini|bot');

/**
 * A description of what a tool or a person does, not an order: "git may ask
 * for your password", "it will retry indefinitely", "models tend to …".
 * "You will …", "Claude will …" stay orders.
 */
export function describesOther(m: Match, tokens: readonly Token[]): boolean {
  const sentence = tokens[m.start]!.sentence;
  for (let i = m.start - 1; i >= 0 && m.start - i <= 3; i--) {
    const t = tokens[i]!;
    if (t.sentence !== sentence) return false;
    let modal = i;
    if (t.word === 'to' && i > 0 && MODALS.has(tokens[i - 1]!.word)) modal = i - 1;
    else if (!MODALS.has(t.word)) continue;
    const subject = tokens[modal - 1];
    return subject !== undefined && subject.sentence === sentence && !AGENT_SUBJECT.has(subject.word);
  }
  return false;
}

/** Drop when one of these words comes within `n` words after the match (same sentence). */
export function followedWithin(lex: Lexicon, n: number): Guard {
  return (m, tokens) => {
    const sentence = tokens[m.end - 1]!.sentence;
    for (let i = m.end; i < tokens.length && i < m.end + n && tokens[i]!.sentence === sentence; i++) if (lex.lengthsAt(tokens, i).length > 0) return true;
    return false;
  };
}

/** Drop when the word right after the match is one of these (not across a comma: "their card number, expiry date"). */
export function nextIs(lex: Lexicon): Guard {
  const next = followedWithin(lex, 1);
  return (m, tokens) => !tokens[m.end - 1]!.pauseAfter && next(m, tokens);
}

/** Drop when one of these words comes within `n` words before the match (same sentence). */
export function precededWithin(lex: Lexicon, n: number): Guard {
  return (m, tokens) => {
    const sentence = tokens[m.start]!.sentence;
    for (let i = m.start - 1; i >= 0 && i >= m.start - n && tokens[i]!.sentence === sentence; i--) if (lex.has(tokens[i]!.word)) return true;
    return false;
  };
}

/** Drop when a word the steps did not match (the slack between them) is one of these, outside the phrases of `except`. */
export function slackHas(lex: Lexicon, except?: Lexicon): Guard {
  return (m, tokens) => {
    for (let i = m.start; i < m.end; i++) {
      if (m.parts.some(([a, b]) => i >= a && i < b)) continue;
      const skip = except?.lengthsAt(tokens, i)[0];
      if (skip) i += skip - 1;
      else if (lex.has(tokens[i]!.word)) return true;
    }
    return false;
  };
}

/** Drop when any word of the match (steps and slack) is one of these. */
export function anyWordIs(lex: Lexicon): Guard {
  return (m, tokens) => {
    for (let i = m.start; i < m.end; i++) if (lex.has(tokens[i]!.word)) return true;
    return false;
  };
}
