// A line diff of two texts as the Changes tab shows it (unified hunks).
import { structuredPatch } from 'diff';
import type { TextDiff } from './approvals-model.js';

/** Line diff of two texts (unified hunks, 3 lines of context); `undefined` when it would take too long. */
export function lineDiff(before: string, after: string, options: { context?: number; timeoutMs?: number } = {}): TextDiff | undefined {
  const patch = structuredPatch('before', 'after', before, after, undefined, undefined, {
    context: options.context ?? 3,
    timeout: options.timeoutMs ?? 5_000,
  });
  if (!patch) return undefined;
  let added = 0;
  let removed = 0;
  const hunks = patch.hunks.map((h) => {
    for (const line of h.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
    return { oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines: [...h.lines] };
  });
  return { hunks, added, removed };
}
