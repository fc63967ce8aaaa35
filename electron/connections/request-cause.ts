// Why the app sent a request: the user's action (Verify, Review, a file
// opened, Replay…) travels with the async work it starts, so the protocol log
// can say, on each request, which action caused it — without threading a
// reason through every call between the action and the wire.
import { AsyncLocalStorage } from 'node:async_hooks';

const cause = new AsyncLocalStorage<string>();

/** Runs `work` with `why` as the reason of every request it sends; an inner cause wins over an outer one. */
export function withCause<T>(why: string, work: () => T): T {
  return cause.run(why, work);
}

/** The reason of the work under way, if any action named one. */
export function currentCause(): string | undefined {
  return cause.getStore();
}

/** Why a listing went out that nobody asked for: the server's ttlMs ran out (SEP-2549). */
export const LISTING_AGAIN_TTL = 'Listing again (ttl expired)';

/** The review's deliberate second read of SKILL.md, a step of the action that reads it (Review, check). */
export const SECOND_READ = 'Second read (same bytes check)';

/**
 * Runs `work` as a step of the action under way: its requests say both, as
 * "Review · second read (same bytes check)", so the step is explained without
 * hiding which action took it; the step alone when no action named one (the CLI).
 */
export function withStep<T>(step: string, work: () => T): T {
  const outer = currentCause();
  return withCause(outer ? `${outer} · ${step.charAt(0).toLowerCase()}${step.slice(1)}` : step, work);
}

/** The app's calls in the user's words: what the log says a request was for. */
const CAUSES: Readonly<Record<string, string>> = {
  'servers.connect': 'Connect',
  'servers.reconnect': 'Reconnect',
  'skills.list': 'Listing',
  'skills.refresh': 'Refresh',
  'skills.loadByUri': 'Load by URI',
  'skills.tree': 'Files tree',
  'skills.readFile': 'File opened',
  'skills.verify': 'Verify',
  'skills.verifyAll': 'Verify all',
  'skills.instructionPointers': 'Instruction pointers',
  // The review the approval dialog opens with: a Review, though the call is in the approvals family.
  'approvals.startReview': 'Review',
  'log.replay': 'Replay',
};

/** The cause of an app call: its name in CAUSES, else the family's (review.* is Review, approvals.* Approve). */
export function causeOfCall(method: string): string | undefined {
  const named = CAUSES[method];
  if (named) return named;
  const family = method.split('.')[0];
  if (family === 'review') return 'Review';
  if (family === 'approvals') return 'Approve';
  if (family === 'gateway') return 'Gateway';
  return undefined;
}
