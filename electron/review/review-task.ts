// One content review as a message a worker thread can take: the skill's files
// packed into one buffer, and the function that reviews such a message. The
// review worker (review-worker.ts) runs that function; so does the in-process
// reviewer (review-pool.ts) — the same function, so the same findings.
import type { ReviewFileInput, ReviewInput } from './rules/context.js';
import { prepareRules } from './rules/index.js';
import { reviewContent, withoutPrepared, type ContentReviewResult, type UnreadFile } from './risk-review.js';

interface PackedFile {
  readonly uri: string;
  readonly path: string;
  readonly mimeType?: string;
  readonly executable?: boolean;
  /** Where the file's bytes are in the task's buffer. */
  readonly offset: number;
  readonly length: number;
}

export interface ReviewTask {
  readonly input: Omit<ReviewInput, 'files'> & { readonly files: readonly PackedFile[] };
  readonly unread: readonly UnreadFile[];
  /** Every file's bytes, one after another. */
  readonly bytes: ArrayBuffer;
  /**
   * Shared with the pool (review-pool.ts): the thread writes here, as milliseconds after `sentAt` plus one, when the
   * rules start on this task — after the thread has started and loaded the grammars — so the time limit counts the
   * rules only, never a thread's start on a busy machine.
   */
  readonly rulesStarted?: { readonly cell: SharedArrayBuffer; readonly sentAt: number };
}

/**
 * Packs a review into a task. The bytes are copied once into one fresh buffer,
 * which is then transferred to the worker rather than copied again. The
 * caller's own buffers are never transferred: the caller keeps using them (the
 * summary quotes SKILL.md, a file two skills share is read once for both, the
 * snapshot store keeps reviewed bytes), and a small Node Buffer is a view of a
 * shared pool — cloning it would copy the whole pool, transferring it would
 * detach every other Buffer in it.
 */
export function packReview(input: ReviewInput, unread: readonly UnreadFile[]): { task: ReviewTask; transfer: ArrayBuffer[] } {
  const total = input.files.reduce((n, f) => n + f.bytes.byteLength, 0);
  const bytes = new ArrayBuffer(total);
  const view = new Uint8Array(bytes);
  let offset = 0;
  const files = input.files.map((f): PackedFile => {
    view.set(f.bytes, offset);
    const packed: PackedFile = { uri: f.uri, path: f.path, ...(f.mimeType !== undefined ? { mimeType: f.mimeType } : {}), ...(f.executable !== undefined ? { executable: f.executable } : {}), offset, length: f.bytes.byteLength };
    offset += f.bytes.byteLength;
    return packed;
  });
  return { task: { input: { ...input, files }, unread, bytes }, transfer: [bytes] };
}

function unpack(task: ReviewTask): ReviewInput {
  const files = task.input.files.map(({ offset, length, ...file }): ReviewFileInput => ({ ...file, bytes: new Uint8Array(task.bytes, offset, length) }));
  return { ...task.input, files };
}

let rules: Promise<void> | undefined;

/** Loads the rules' parsers once per thread; a failed load is tried again by the next review. */
function rulesReady(): Promise<void> {
  rules ??= prepareRules().catch((error: unknown) => {
    rules = undefined;
    throw new Error(`the risk rules could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
  });
  return rules;
}

/** Reviews one packed task: the one function both the worker and the in-process reviewer run. */
export async function runReviewTask(task: ReviewTask): Promise<ContentReviewResult> {
  await rulesReady();
  if (task.rulesStarted) Atomics.store(new Int32Array(task.rulesStarted.cell), 0, Math.max(0, Date.now() - task.rulesStarted.sentAt) + 1);
  return withoutPrepared(reviewContent(unpack(task), task.unread));
}
