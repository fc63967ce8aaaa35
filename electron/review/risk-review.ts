// Runs every content-risk rule over one skill's exact bytes. Pure: the files
// in, findings, revealed hidden text and a description of each file out. The
// reading (from a server or from disk) happens elsewhere, and so does the
// choice of thread: the app, browser mode and the command run this function
// in the review worker pool (review-pool.ts); the rules' unit tests call it
// directly.
import type { Finding } from '../../shared/model.js';
import { riskFinding, type ReviewInput, type RiskContext, type RuleResult, type TextSource } from './rules/context.js';
import { RULES } from './rules/index.js';
import { prepareFiles, textSources } from './rules/sources.js';
import { finishReview, type ContentReview, type UnreadFile } from './review-result.js';

// What a review hands back lives in review-result.ts, which loads no rule: the main process needs it (a review that
// could not run, the types) without the rules and their parsers, which only the review threads load.
export { reviewNotRun, withoutPrepared, type ContentReview, type ContentReviewResult, type UnreadFile } from './review-result.js';

/** The review itself. The thread that calls it awaits prepareRules() (rules/index.ts) once first: the code rules need their grammars loaded. */
export function reviewContent(input: ReviewInput, unread: readonly UnreadFile[] = []): ContentReview {
  const prepared = prepareFiles(input);
  const incomplete: Finding[] = [];
  const where = { serverId: input.serverId, skillUri: input.skillUri };
  let sources: TextSource[];
  try {
    sources = textSources(prepared);
  } catch (error) {
    // Decoding what a file hides could not finish: the files are still read as written.
    incomplete.push(checkIncomplete('decoding of encoded text', error, where));
    sources = textSources(prepared, { decode: false });
  }
  const ctx: RiskContext = { input, sources };
  const results = RULES.map((rule): RuleResult => {
    // One check that a hostile file defeats (a pattern that overflows on megabytes of one character) must not take
    // the others with it, nor pass silently: the review says which check did not finish, as an error.
    try {
      return rule(ctx, prepared);
    } catch (error) {
      return { findings: [checkIncomplete(`${ruleName(rule)} check`, error, where)], hidden: [] };
    }
  });
  return finishReview(ctx, prepared, [...results, { findings: incomplete, hidden: [] }], unread);
}

/** "invisibleTextRule" → "invisible text". */
function ruleName(rule: { readonly name: string }): string {
  return rule.name.replace(/Rule$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase() || 'a';
}

function checkIncomplete(what: string, error: unknown, where: { serverId: string; skillUri: string }): Finding {
  const why = error instanceof Error ? error.message : String(error);
  return riskFinding('risk-check-incomplete', `The ${what} could not finish on this skill's content (${why}), so what it looks for may be there unseen. Review the files by hand.`, where);
}

