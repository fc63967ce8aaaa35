// One content review as a message a worker thread can take: the skill's files
// packed into one buffer. The pool (review-pool.ts) packs on the main thread;
// the review thread (review-task.ts) unpacks and runs the rules. Apart from
// review-task.ts so that packing loads no rule: the main process never needs them.
import type { ReviewFileInput, ReviewInput } from './rules/context.js';
import type { UnreadFile } from './review-result.js';

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

/** The review input again, each file a view of the task's buffer (no copy). */
export function unpackReview(task: ReviewTask): ReviewInput {
  const files = task.input.files.map(({ offset, length, ...file }): ReviewFileInput => ({ ...file, bytes: new Uint8Array(task.bytes, offset, length) }));
  return { ...task.input, files };
}

