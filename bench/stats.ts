// Small statistics for noisy timings: medians, spreads and percentiles.

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0–100). */
export function percentile(values: readonly number[], p: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export interface Spread {
  readonly median: number | null;
  readonly min: number | null;
  readonly max: number | null;
  /** (max − min) / median, as a fraction; the run-to-run noise. */
  readonly relative: number | null;
  readonly samples: readonly number[];
}

export function spread(values: readonly number[]): Spread {
  const m = median(values);
  if (m === null) return { median: null, min: null, max: null, relative: null, samples: [] };
  const min = Math.min(...values);
  const max = Math.max(...values);
  return { median: m, min, max, relative: m === 0 ? null : (max - min) / m, samples: values };
}

export function round(value: number | null, digits = 1): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
