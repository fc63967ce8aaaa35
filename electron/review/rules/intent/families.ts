// The intent families, one per finding kind: what each says in plain words,
// and the patterns that spell it. The patterns live beside their families
// (families-takeover.ts, families-conceal.ts, families-secrets.ts,
// families-credentials.ts, families-exfiltration.ts, families-loops.ts,
// families-memory.ts, families-languages.ts); this file names them.
import type { RiskFindingId } from '../../../../shared/risk-findings.js';
import { MEMORY_WRITE } from './families-memory.js';
import { CONCEAL } from './families-conceal.js';
import { CREDENTIAL_BY_REFERENCE, CREDENTIAL_REQUEST } from './families-credentials.js';
import { SEND_SECRETS } from './families-exfiltration.js';
import { UNBOUNDED_LOOP } from './families-loops.js';
import { DISCLOSE_SECRETS } from './families-secrets.js';
import { OVERRIDE_OTHER_LANGUAGES } from './families-languages.js';
import { IMPERSONATION, OVERRIDE, SKIP_CONSENT } from './families-takeover.js';
import type { IntentPattern, Lexicon } from './matcher.js';
import { sentenceWords } from './sentence-words.js';

export interface IntentFamily {
  readonly id: RiskFindingId;
  /** The family's name, as the finding says it. */
  readonly name: string;
  /** What the words ask of the agent, in plain terms. */
  readonly what: string;
  readonly patterns: readonly IntentPattern[];
  /** Why it matters, said after the quote (the default: such phrases are how injected instructions work). */
  readonly why?: string;
}

export const FAMILIES: readonly IntentFamily[] = [
  { id: 'risk-override-instructions', name: 'override prior instructions', what: 'tells the agent to set aside its other instructions', patterns: [...OVERRIDE, ...OVERRIDE_OTHER_LANGUAGES] },
  { id: 'risk-impersonation', name: 'claim authority or a mode', what: 'speaks as the system or claims a mode, an authority or an approval it does not have', patterns: IMPERSONATION },
  { id: 'risk-conceal-from-user', name: 'conceal from the user', what: 'asks the agent to keep something from the user', patterns: CONCEAL },
  { id: 'risk-disclose-secrets', name: 'disclose secrets or the system prompt', what: 'asks the agent to reveal secrets or its own instructions', patterns: DISCLOSE_SECRETS },
  {
    id: 'risk-secret-exfiltration',
    name: 'send secrets out',
    what: 'tells the agent to send secrets kept on this computer to an address',
    patterns: SEND_SECRETS,
    why: 'The agent would carry it out with its own tools, and the secrets would leave this computer.',
  },
  { id: 'risk-credential-request', name: 'request credentials', what: 'asks the user to hand over a password, key or code', patterns: [...CREDENTIAL_REQUEST, ...CREDENTIAL_BY_REFERENCE] },
  { id: 'risk-unbounded-loop', name: 'unbounded loop', what: 'tells the agent to repeat something without end', patterns: UNBOUNDED_LOOP },
  { id: 'risk-skip-consent', name: 'skip consent', what: 'tells the agent not to ask for permission', patterns: SKIP_CONSENT },
  {
    id: 'risk-memory-write',
    name: 'write to its memory or settings',
    what: 'tells the agent to write to its own memory, instruction or settings files',
    patterns: MEMORY_WRITE,
    why: 'Agents read those files on their own in every later session, so the instruction would outlive the skill and its review.',
  },
];

function lexiconsOf(pattern: IntentPattern): Lexicon[] {
  return [...pattern.steps.map((s) => s.lex), ...pattern.steps.flatMap((s) => (s.over ? [s.over] : [])), ...(pattern.followedBy?.lex ? [pattern.followedBy.lex] : [])];
}

/**
 * Every word the patterns know, plus the short words that glue them: what
 * spaced-out letters that ran together ("ignoreallprevious") are split into.
 */
export const DICTIONARY: ReadonlySet<string> = (() => {
  const out = new Set<string>(['a', 'i', 'the', 'to', 'of', 'and', 'you', 'me', 'all', 'your', 'my', 'it', 'is', 'this', 'that', 'now', 'do', 'not', 'are', 'be', 'in', 'on', 'for', 'with', 'as', 'an', 'or', 'any']);
  for (const family of FAMILIES) for (const pattern of family.patterns) for (const lex of lexiconsOf(pattern)) for (const w of lex.words) if (w.length > 1 || w === 'a' || w === 'i') out.add(w);
  return out;
})();

/** For each word, the patterns whose first step can start with it. */
export const BY_FIRST_WORD: ReadonlyMap<string, ReadonlyArray<{ readonly family: IntentFamily; readonly pattern: IntentPattern }>> = (() => {
  const out = new Map<string, Array<{ family: IntentFamily; pattern: IntentPattern }>>();
  for (const family of FAMILIES) {
    for (const pattern of family.patterns) {
      for (const first of pattern.steps[0]!.lex.firstWords()) {
        const list = out.get(first) ?? [];
        list.push({ family, pattern });
        out.set(first, list);
      }
    }
  }
  return out;
})();

/** A fresh prefilter per scan: which patterns have a word for each required step in the sentence (sentence-words.ts). */
export const SENTENCE_WORDS = sentenceWords(FAMILIES.flatMap((f) => f.patterns));
