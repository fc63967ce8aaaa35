// The word families the intent patterns are made of ("ignore|disregard|set
// aside"), matched whole against the words of normalise.ts. In a file of its
// own so that matcher.ts and asides.ts can both build lexicons without
// importing each other.
import type { Token } from './normalise.js';

/** A family of words and phrases ("set aside", "ignore"), matched whole. */
export class Lexicon {
  private readonly byFirst = new Map<string, string[][]>();
  /** Every word of every phrase (for splitting run-together letters). */
  readonly words = new Set<string>();

  constructor(
    readonly name: string,
    phrases: readonly string[],
  ) {
    for (const phrase of phrases) {
      const words = phrase.trim().split(/\s+/);
      if (words.length === 0 || words[0] === '') continue;
      for (const w of words) this.words.add(w);
      const list = this.byFirst.get(words[0]!) ?? [];
      list.push(words);
      this.byFirst.set(words[0]!, list);
    }
    for (const list of this.byFirst.values()) list.sort((a, b) => b.length - a.length);
  }

  /** Whether a single word is one of the one-word phrases. */
  has(word: string): boolean {
    return this.byFirst.get(word)?.some((p) => p.length === 1) ?? false;
  }

  /** The first words of the phrases. */
  firstWords(): IterableIterator<string> {
    return this.byFirst.keys();
  }

  /** Every phrase, as written. */
  phrases(): string[] {
    return [...this.byFirst.values()].flatMap((list) => list.map((p) => p.join(' ')));
  }

  /** Lengths (in words) of the phrases that match at tokens[i] inside its sentence, longest first. */
  lengthsAt(tokens: readonly Token[], i: number): number[] {
    const first = tokens[i];
    if (!first) return [];
    const list = this.byFirst.get(first.word);
    if (!list) return [];
    const out: number[] = [];
    for (const phrase of list) {
      let ok = true;
      for (let k = 1; k < phrase.length; k++) {
        const t = tokens[i + k];
        if (!t || t.sentence !== first.sentence || t.word !== phrase[k]) {
          ok = false;
          break;
        }
      }
      if (ok) out.push(phrase.length);
    }
    return out;
  }
}

/** `words('ignore', 'set aside', …)`; a phrase may list alternatives with "|" (`"ignore|disregard"`). */
export function words(name: string, ...phrases: string[]): Lexicon {
  return new Lexicon(
    name,
    phrases.flatMap((p) => p.split('|')),
  );
}

/** Several lexicons read as one. */
export function either(name: string, ...lexicons: Lexicon[]): Lexicon {
  return new Lexicon(
    name,
    lexicons.flatMap((l) => l.phrases()),
  );
}
