/**
 * Nearest-rank percentile of values sorted ascending: the smallest value with
 * at least p% of the values at or below it. Nearest-rank never interpolates,
 * so every figure reported is a latency some request really had.
 * NaN for no values, so an empty round prints as such instead of crashing the run.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile must be within 0..100, got ${p}`);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(rank, 1) - 1];
}
