/**
 * The benchmarks' statistics (re-exported by ./kit.ts). No Node or browser API: the page code a
 * bench bundles for Chromium (bench/*-browser.ts, bench/db-core.ts) imports it too.
 */

/** The q-quantile (0…1) by nearest rank: the smallest value with at least q of the values at or below it; NaN when empty. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] as number;
}

export const median = (values: readonly number[]): number => quantile(values, 0.5);

export interface Summary {
  readonly runs: number;
  readonly min: number;
  readonly median: number;
  readonly p95: number;
  readonly max: number;
}

export function summarize(values: readonly number[]): Summary {
  return { runs: values.length, min: Math.min(...values), median: median(values), p95: quantile(values, 0.95), max: Math.max(...values) };
}
