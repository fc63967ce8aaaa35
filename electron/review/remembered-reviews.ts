// Reviews remembered for the rest of the run. A content review is a function
// of its input alone — the files' exact bytes, their paths and URIs, the
// listing's frontmatter, what was left unread — so the same input gives the
// same findings, and a skill whose bytes have not changed since its last
// review in this process needs no second run of the rules: a second Review
// all, a Watch round or a reconnect reviews only what changed. The key is a
// SHA-256 of the whole input as read now (never the listing's digests, which a
// server can leave unchanged while it serves other bytes), so a changed byte
// is always reviewed afresh.
//
// Only a result that depends on nothing but its input is remembered. A review
// that ran out of time, a parse stopped by its deadline, a grammar that did not
// load, or a rule that threw (risk-check-incomplete) can turn out otherwise on
// another run, so those are run again next time. A bound met (padding that fills
// what is read, and the note that says where reading stopped) is a function of
// the bytes like any other finding, and is remembered: otherwise every padded
// skill would run the rules again at each Review all, as a server may want. Nothing is written to disk:
// a file of verdicts would be one more thing a local process could forge.
import { createHash } from 'node:crypto';
import { LANGUAGE_NAMES } from './code/grammars.js';
import type { ReviewInput } from './rules/context.js';
import type { ContentReviewResult, UnreadFile } from './risk-review.js';
import type { ContentReviewer } from './review-pool.js';

export interface RememberLimits {
  /** At most this many reviews are kept (the least recently used go first). */
  readonly entries: number;
  /** At most this many characters of kept results, as JSON. */
  readonly chars: number;
}

/** Room for Review all of a fleet of 20,000 skills, within about 64 MB. */
export const DEFAULT_REMEMBER_LIMITS: RememberLimits = { entries: 20_000, chars: 32 * 1024 * 1024 };

/**
 * The notes that say the result might differ on another run, by what they say: a rule or the decoder that threw
 * ("could not finish on this skill's content", risk-review.ts), a parse stopped by its deadline and a grammar that
 * did not load (analyze.ts). Notes of a bound met say other words and are kept.
 */
const RUN_DEPENDENT: Readonly<Record<string, RegExp>> = {
  'risk-check-incomplete': /could not finish on this skill's content/,
  'risk-code-not-parsed': new RegExp(`took too long to parse|was not read as (?:${Object.values(LANGUAGE_NAMES).map((n) => n.replace(/[()]/g, '\\$&')).join('|')}) code: `),
};

/** Whether a finding says its review might turn out otherwise on another run. */
export function dependsOnTheRun(finding: { readonly id: string; readonly message: string }): boolean {
  return RUN_DEPENDENT[finding.id]?.test(finding.message) ?? false;
}

/** The reviewer, with every review whose result depends only on its input remembered for the rest of the run. */
export function rememberReviews(inner: ContentReviewer, limits: RememberLimits = DEFAULT_REMEMBER_LIMITS): ContentReviewer {
  // Map order is use order: a hit moves its entry to the end, so the first entry is the least recently used.
  const kept = new Map<string, string>();
  let chars = 0;

  const keep = (key: string, json: string) => {
    if (json.length > limits.chars) return;
    kept.set(key, json);
    chars += json.length;
    for (const [oldest, value] of kept) {
      if (kept.size <= limits.entries && chars <= limits.chars) break;
      kept.delete(oldest);
      chars -= value.length;
    }
  };

  return {
    mode: inner.mode,
    async review(input, unread = [], options = {}) {
      const key = reviewKey(input, unread);
      const known = kept.get(key);
      if (known !== undefined) {
        kept.delete(key);
        kept.set(key, known);
        // As a review handed to a thread: never synchronous, and a cancel still wins — the reviewer, asked with
        // a cancelled signal, rejects with its ReviewCancelled and runs nothing.
        await Promise.resolve();
        if (options.signal?.aborted) return inner.review(input, unread, options);
        // A fresh copy each time: a caller that changes its result changes nothing kept.
        return JSON.parse(known) as ContentReviewResult;
      }
      const result = await inner.review(input, unread, options);
      if (dependsOnInputOnly(input, result)) keep(key, JSON.stringify(result));
      return result;
    },
    close: () => inner.close(),
  };
}

/** False when a rule did not finish, or the pool set files aside that stalled the rules (they are read but not reviewed). */
function dependsOnInputOnly(input: ReviewInput, result: ContentReviewResult): boolean {
  if (result.findings.some(dependsOnTheRun)) return false;
  return result.files.filter((f) => f.read).length === input.files.length;
}

/**
 * The SHA-256 of everything a review reads: the input's fields as JSON (its
 * length first, so no two inputs run together into one text), then each file's
 * bytes, whose lengths the JSON holds.
 */
export function reviewKey(input: ReviewInput, unread: readonly UnreadFile[]): string {
  const { files, ...rest } = input;
  const described = JSON.stringify({ ...rest, files: files.map(({ bytes, ...file }) => ({ ...file, length: bytes.byteLength })), unread });
  const hash = createHash('sha256').update(`${described.length}\n`).update(described);
  for (const file of files) hash.update(file.bytes);
  return hash.digest('hex');
}
