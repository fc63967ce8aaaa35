// The time as an ISO string for `checkedAt`. Formatting a Date costs about
// as much as the rest of a file's bookkeeping, and Verify all reads several
// files in the same millisecond: one string per millisecond, shared.
let last = { ms: Number.NaN, iso: '' };

export function isoNow(): string {
  const ms = Date.now();
  if (ms !== last.ms) last = { ms, iso: new Date(ms).toISOString() };
  return last.iso;
}
