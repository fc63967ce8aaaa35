// Which patterns are worth trying in a sentence: a pattern's later steps that
// are not optional can only match where the sentence holds one of the words
// their phrases start with (a Lexicon matches a phrase by its first word,
// matcher.ts lengthsAt). English prose starts a pattern on nearly every
// word ("the", "you", "do"), and most of those attempts die for want of a
// word that is nowhere in the sentence; this answers that for a whole
// sentence at once, from one look-up per word, so the matcher runs only
// where every required step has a word to match. It never drops a match:
// each condition it checks is one the match itself needs.
import type { IntentPattern, Lexicon } from './matcher.js';
import type { Token } from './normalise.js';

export interface SentenceWords {
  /** Marks the words from tokens[i] to the end of its sentence (a match starting there or later reads only those). */
  enter(tokens: readonly Token[], i: number): void;
  /** Whether every required step of the pattern has a word to start on among the words marked last. */
  mayMatch(pattern: IntentPattern): boolean;
}

/** The prefilter for a set of patterns: the required lexicons of each, indexed by their first words. */
export function sentenceWords(patterns: readonly IntentPattern[]): () => SentenceWords {
  const index = new Map<Lexicon, number>();
  const needs = new Map<IntentPattern, Int32Array>();
  for (const pattern of patterns) {
    // The first step is where the matcher starts (it is there by construction); an optional step may be skipped.
    const required = pattern.steps.slice(1).filter((s) => !s.optional).map((s) => s.lex);
    const ids = required.map((lex) => {
      let id = index.get(lex);
      if (id === undefined) {
        id = index.size;
        index.set(lex, id);
      }
      return id;
    });
    needs.set(pattern, Int32Array.from(new Set(ids)));
  }
  const byWord = new Map<string, number[]>();
  for (const [lex, id] of index) {
    for (const word of lex.firstWords()) {
      const list = byWord.get(word) ?? [];
      list.push(id);
      byWord.set(word, list);
    }
  }
  const size = index.size;
  return () => {
    // stamp[id] is the number of the last sentence entered that holds a first word of lexicon id.
    const stamp = new Int32Array(size).fill(-1);
    let current = -1;
    return {
      enter(tokens, i) {
        const sentence = tokens[i]!.sentence;
        current = sentence;
        for (let j = i; j < tokens.length && tokens[j]!.sentence === sentence; j++) {
          const ids = byWord.get(tokens[j]!.word);
          if (ids) for (const id of ids) stamp[id] = sentence;
        }
      },
      mayMatch(pattern) {
        const ids = needs.get(pattern);
        if (!ids) return true;
        for (let k = 0; k < ids.length; k++) if (stamp[ids[k]!] !== current) return false;
        return true;
      },
    };
  };
}
