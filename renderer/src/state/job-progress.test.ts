import { describe, expect, it } from 'vitest';
import { takesProgress } from './job-progress.js';

const job = (jobId: string, state: string, startedAt: string) => ({ jobId, state, startedAt });

describe('which progress event a job store takes', () => {
  it('the first job, and the next event of the same running job', () => {
    expect(takesProgress(undefined, job('a', 'running', '2026-01-01T00:00:01Z'))).toBe(true);
    expect(takesProgress(job('a', 'running', '2026-01-01T00:00:01Z'), job('a', 'done', '2026-01-01T00:00:01Z'))).toBe(true);
  });
  it('not an older job over a running one that started later, but a newer one', () => {
    expect(takesProgress(job('b', 'running', '2026-01-01T00:00:02Z'), job('a', 'running', '2026-01-01T00:00:01Z'))).toBe(false);
    expect(takesProgress(job('a', 'running', '2026-01-01T00:00:01Z'), job('b', 'running', '2026-01-01T00:00:02Z'))).toBe(true);
    expect(takesProgress(job('b', 'done', '2026-01-01T00:00:02Z'), job('a', 'running', '2026-01-01T00:00:01Z'))).toBe(true);
  });
  it('never a late running event over the same job once it ended', () => {
    expect(takesProgress(job('a', 'cancelled', '2026-01-01T00:00:01Z'), job('a', 'running', '2026-01-01T00:00:01Z'))).toBe(false);
  });
});
