// Names that look alike: Cyrillic and Greek letters that draw like Latin ones,
// digits that pass for letters, full-width forms, and names that differ only
// by hyphens. The mapping is the part of Unicode's confusables table
// (UTS #39) that matters for skill names — lowercase a-z, 0-9 and "-" — kept
// small and readable rather than pulling in the whole table. Characters that
// draw as nothing fold away first, so "no\u200Btes" meets "notes".
import { codePointLabel, codePointName, revealIdentifier } from '../../shared/invisible-chars.js';
import type { NearCollisionReason } from '../../shared/review-model.js';

// Unicode's Default_Ignorable_Code_Point: what a renderer draws as nothing when
// it has no glyph — zero-width spaces and joiners, the soft hyphen, the
// combining grapheme joiner, bidi embeddings, overrides and isolates, word
// joiner and invisible operators, BOM, Hangul fillers, variation selectors and
// the tag block (U+E0000..U+E0FFF). Unicode keeps the list; the regex engine
// carries it, so no hand-made range list goes stale.
const IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;
const isIgnorable = (ch: string) => /^\p{Default_Ignorable_Code_Point}$/u.test(ch);

const LOOKALIKES: Readonly<Record<string, { readonly as: string; readonly name: string }>> = {
  // Cyrillic
  а: { as: 'a', name: 'CYRILLIC SMALL LETTER A' },
  в: { as: 'b', name: 'CYRILLIC SMALL LETTER VE' },
  с: { as: 'c', name: 'CYRILLIC SMALL LETTER ES' },
  ԁ: { as: 'd', name: 'CYRILLIC SMALL LETTER KOMI DE' },
  е: { as: 'e', name: 'CYRILLIC SMALL LETTER IE' },
  ё: { as: 'e', name: 'CYRILLIC SMALL LETTER IO' },
  һ: { as: 'h', name: 'CYRILLIC SMALL LETTER SHHA' },
  і: { as: 'i', name: 'CYRILLIC SMALL LETTER BYELORUSSIAN-UKRAINIAN I' },
  ї: { as: 'i', name: 'CYRILLIC SMALL LETTER YI' },
  ј: { as: 'j', name: 'CYRILLIC SMALL LETTER JE' },
  к: { as: 'k', name: 'CYRILLIC SMALL LETTER KA' },
  ӏ: { as: 'l', name: 'CYRILLIC SMALL LETTER PALOCHKA' },
  м: { as: 'm', name: 'CYRILLIC SMALL LETTER EM' },
  н: { as: 'h', name: 'CYRILLIC SMALL LETTER EN' },
  о: { as: 'o', name: 'CYRILLIC SMALL LETTER O' },
  р: { as: 'p', name: 'CYRILLIC SMALL LETTER ER' },
  ԛ: { as: 'q', name: 'CYRILLIC SMALL LETTER QA' },
  ѕ: { as: 's', name: 'CYRILLIC SMALL LETTER DZE' },
  т: { as: 't', name: 'CYRILLIC SMALL LETTER TE' },
  у: { as: 'y', name: 'CYRILLIC SMALL LETTER U' },
  ѵ: { as: 'v', name: 'CYRILLIC SMALL LETTER IZHITSA' },
  ԝ: { as: 'w', name: 'CYRILLIC SMALL LETTER WE' },
  х: { as: 'x', name: 'CYRILLIC SMALL LETTER HA' },
  ү: { as: 'y', name: 'CYRILLIC SMALL LETTER STRAIGHT U' },
  // Greek
  α: { as: 'a', name: 'GREEK SMALL LETTER ALPHA' },
  β: { as: 'b', name: 'GREEK SMALL LETTER BETA' },
  ε: { as: 'e', name: 'GREEK SMALL LETTER EPSILON' },
  η: { as: 'n', name: 'GREEK SMALL LETTER ETA' },
  ι: { as: 'i', name: 'GREEK SMALL LETTER IOTA' },
  κ: { as: 'k', name: 'GREEK SMALL LETTER KAPPA' },
  ν: { as: 'v', name: 'GREEK SMALL LETTER NU' },
  ο: { as: 'o', name: 'GREEK SMALL LETTER OMICRON' },
  ρ: { as: 'p', name: 'GREEK SMALL LETTER RHO' },
  τ: { as: 't', name: 'GREEK SMALL LETTER TAU' },
  υ: { as: 'u', name: 'GREEK SMALL LETTER UPSILON' },
  χ: { as: 'x', name: 'GREEK SMALL LETTER CHI' },
  γ: { as: 'y', name: 'GREEK SMALL LETTER GAMMA' },
  // Latin lookalikes outside a-z
  ı: { as: 'i', name: 'LATIN SMALL LETTER DOTLESS I' },
  ɑ: { as: 'a', name: 'LATIN SMALL LETTER ALPHA' },
  ɡ: { as: 'g', name: 'LATIN SMALL LETTER SCRIPT G' },
  ʟ: { as: 'l', name: 'LATIN LETTER SMALL CAPITAL L' },
  // Digits and letters that pass for each other
  '0': { as: 'o', name: 'DIGIT ZERO' },
  '1': { as: 'l', name: 'DIGIT ONE' },
  '5': { as: 's', name: 'DIGIT FIVE' },
};

// Pairs of letters that read as one letter at a glance ("rn" as "m", "vv" as "w").
const DIGRAPHS: ReadonlyArray<readonly [string, string]> = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['cl', 'd'],
];

/** The Latin letter a lowercase lookalike letter draws as ("а" → "a"); digits and other characters give undefined. */
export function lookalikeLetter(ch: string): string | undefined {
  return ch >= '0' && ch <= '9' ? undefined : LOOKALIKES[ch]?.as;
}

/** The form a name reduces to once lookalikes are folded (hyphens, underscores and dots kept). */
export function confusableSkeleton(name: string): string {
  let out = '';
  // Stripped before NFKC, so a combining grapheme joiner cannot keep "e" and its accent apart.
  for (const ch of name.replace(IGNORABLE, '').normalize('NFKC').toLowerCase()) out += LOOKALIKES[ch]?.as ?? ch;
  for (const [pair, single] of DIGRAPHS) out = out.split(pair).join(single);
  return out;
}

/** The skeleton with separators removed too: `pdf-tools`, `pdftools` and `pdf_tools` meet here. */
export function nameSkeleton(name: string): string {
  return confusableSkeleton(name).replace(/[-_.\s]+/g, '');
}

/** The characters in `name` that draw as nothing and are not in `other`, in words: `"no⟦ZWSP⟧tes" hides U+200B ZERO WIDTH SPACE, …`. */
function hiddenIn(name: string, other: string): string | undefined {
  const hidden = [...new Set([...name].filter((ch) => isIgnorable(ch) && !other.includes(ch)))];
  if (hidden.length === 0) return undefined;
  const words = hidden.slice(0, 3).map((ch) => {
    const cp = ch.codePointAt(0)!;
    const label = codePointLabel(cp);
    const unicodeName = codePointName(cp);
    return unicodeName === label ? label : `${label} ${unicodeName}`;
  });
  const more = hidden.length > 3 ? ` and ${hidden.length - 3} more` : '';
  const list = words.length > 1 && !more ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)!}` : `${words.join(', ')}${more}`;
  return `"${revealIdentifier(name)}" hides ${list}, which ${hidden.length > 1 ? 'draw' : 'draws'} as nothing`;
}

/** How two names that share a skeleton differ, in words. */
export function describeDifference(a: string, b: string): { reason: NearCollisionReason; detail: string } {
  const visibleA = a.replace(IGNORABLE, '');
  const visibleB = b.replace(IGNORABLE, '');
  const hidden = [hiddenIn(a, b), hiddenIn(b, a)].filter((h): h is string => h !== undefined);
  const strip = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[-_.\s]+/g, '');
  const lettersDiffer = strip(visibleA) !== strip(visibleB);
  // Same letters and no hidden characters: the names differ, so the separators must.
  const fold = (s: string) => s.normalize('NFKC').toLowerCase();
  const separatorsDiffer = lettersDiffer ? confusableSkeleton(a) !== confusableSkeleton(b) : hidden.length === 0 || fold(visibleA) !== fold(visibleB);
  const details: string[] = [];
  if (lettersDiffer) {
    const seen = new Set<string>();
    for (const ch of [...visibleA, ...visibleB]) {
      const look = LOOKALIKES[ch];
      if (!look || seen.has(ch) || (visibleA.includes(ch) && visibleB.includes(ch))) continue;
      seen.add(ch);
      details.push(`"${ch}" (${codePointLabel(ch.codePointAt(0)!)} ${look.name}) looks like "${look.as}"`);
    }
    for (const [pair, single] of DIGRAPHS) {
      if ((visibleA.includes(pair) && !visibleB.includes(pair) && visibleB.includes(single)) || (visibleB.includes(pair) && !visibleA.includes(pair) && visibleA.includes(single))) details.push(`"${pair}" looks like "${single}"`);
    }
  }
  details.push(...hidden);
  const looksDiffer = lettersDiffer || hidden.length > 0;
  if (separatorsDiffer) details.push(looksDiffer ? 'and their hyphens differ' : 'they differ only in hyphens or other separators');
  // A hidden character is its own reason: nothing looks alike, one name carries a character that draws as nothing.
  const reason: NearCollisionReason =
    hidden.length > 0
      ? lettersDiffer
        ? separatorsDiffer
          ? 'hidden-confusable-and-hyphen'
          : 'hidden-and-confusable'
        : separatorsDiffer
          ? 'hidden-and-hyphen'
          : 'hidden'
      : lettersDiffer
        ? separatorsDiffer
          ? 'confusable-and-hyphen'
          : 'confusable'
        : 'hyphen';
  return { reason, detail: details.join('; ') || 'they look alike' };
}
