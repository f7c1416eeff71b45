import { percentile } from '@sdd/common';

/** What one operation took over one phase of a drill, in ms (nearest-rank percentiles: figures some request really had). */
export interface Latencies {
  count: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
}

/**
 * How much slower a figure may come out after a change and still count as
 * noise: `factor` times the figure before, or `plusMs` more, whichever is
 * larger (a few ms of scheduling on a shared machine dwarf a fast read's
 * own time). The tail is compared at p90: the p99 of a few dozen requests
 * is their slowest, which one pause of a shared machine decides (a drill
 * running beside this one made a creation's p99 123 → 323 ms with nothing
 * else slower), so the p99 is only reported.
 */
export interface Noise {
  factor: number;
  plusMs: number;
}

export const LATENCY_NOISE: Readonly<Record<'p50Ms' | 'p90Ms', Noise>> = {
  p50Ms: { factor: 1.5, plusMs: 20 },
  p90Ms: { factor: 2, plusMs: 100 },
};

export function latencies(samplesMs: readonly number[]): Latencies {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return { count: sorted.length, p50Ms: percentile(sorted, 50), p90Ms: percentile(sorted, 90), p99Ms: percentile(sorted, 99) };
}

/** The largest figure `after` may show given `before`. */
export function allowedAfter(before: number, noise: Noise): number {
  return Math.max(before * noise.factor, before + noise.plusMs);
}

/** Why `after` is slower than `before` beyond the noise, per percentile (none: not slower). */
export function slowerBeyondNoise(operation: string, before: Latencies, after: Latencies, noise = LATENCY_NOISE): string[] {
  return (['p50Ms', 'p90Ms'] as const).flatMap((figure) => {
    const allowed = allowedAfter(before[figure], noise[figure]);
    return after[figure] > allowed ? [`${operation} ${figure} ${after[figure].toFixed(1)} > ${allowed.toFixed(1)} allowed (${before[figure].toFixed(1)} before)`] : [];
  });
}
