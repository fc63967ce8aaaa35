// The Review all targets in BENCHMARKS.md: each row of the review step gets
// its ratio and its event-loop target, met or missed by the worst run, and a
// run in which a skill went unreviewed never meets the ratio.
import { describe, expect, it } from 'vitest';
import { renderReport, summariseReview, type Detail } from './report.js';
import type { ReviewDetail } from './review-runs.js';
import type { ReviewRunResult } from './review-run.js';

function sample(verifyMs: number, reviewMs: number, p99: number, notReviewed = 0): ReviewRunResult {
  return {
    listed: 1000,
    order: 'verify-first',
    verify: { wallMs: verifyMs, cpuMs: verifyMs / 2, loop: { p50Ms: 1, p99Ms: 10, maxMs: 20 }, verified: 1000, failed: 0 },
    review: { wallMs: reviewMs, cpuMs: reviewMs, loop: { p50Ms: 1, p99Ms: p99, maxMs: p99 * 2 }, done: 1000, total: 1000, risky: 100, needsLook: 650, clean: 250 - notReviewed, notReviewed, problems: [], files: 5000 },
    reviewThreads: 1,
    peakRssMb: 200,
  };
}

function detail(review: ReviewDetail[]): Detail {
  return {
    startedAt: '2026-12-01T00:00:00.000Z',
    finishedAt: '2026-12-01T01:00:00.000Z',
    mode: 'full',
    machine: { os: 'Linux', cpus: '2 × test', memoryGb: 8, node: 'v20', peer: 'not run' },
    runs: [],
    review,
    ui: null,
  };
}

function targetRows(d: Detail): string[] {
  const results = { runs: [], review: (d.review ?? []).map((r) => summariseReview(r)), ui: { skills: 0, firstRowsMs: null, filterP50Ms: null, filterP95Ms: null, verdictsShown: null, verdictFilterP50Ms: null, verdictFilterP95Ms: null } };
  return renderReport(results, d)
    .split('\n')
    .filter((l) => l.startsWith('| Review all') || l.startsWith('| main-process'));
}

describe('the Review all targets', () => {
  it('meets the ratio on the median of paired runs and the loop target on the worst run', () => {
    const rows = targetRows(detail([{ catalog: 'synthetic', transport: 'stdio', skills: 1000, files: 5000, samples: [sample(1000, 1400, 20), sample(1000, 1500, 60)] }]));
    expect(rows).toEqual([
      '| Review all ≤ 1.5× Verify all, N = 1,000 over stdio | 1.45× (review all 1,450 ms, verify all 1,000 ms) | yes |',
      '| main-process event-loop delay p99 during Review all < 50 ms, N = 1,000 over stdio | p99 60.0 ms (worst run; max 120 ms) | **no** |',
    ]);
  });

  it('misses the ratio when a skill was not reviewed, and names the corpus by its size', () => {
    const rows = targetRows(detail([{ catalog: 'risk-corpus', transport: 'http', skills: 1000, files: 5000, samples: [sample(1000, 1200, 20, 3)] }]));
    expect(rows[0]).toBe('| Review all ≤ 1.5× Verify all, the risk corpus (1,000 skills, 5,000 files) over http | 1.20× (review all 1,200 ms, verify all 1,000 ms); not every skill was reviewed | **no** |');
    expect(rows[1]).toBe('| main-process event-loop delay p99 during Review all < 50 ms, the risk corpus (1,000 skills, 5,000 files) over http | p99 20.0 ms (worst run; max 40.0 ms) | yes |');
  });
});
