/** One measured series of the soak: a value at each sample time (ms since the load began). */
export interface Series {
  times: readonly number[];
  values: readonly number[];
}

export interface FlatRule {
  /** The first part of the run, as a fraction of the samples, is warm-up: caches fill, retention not reached yet. */
  warmupFraction: number;
  /** Growth allowed over the rest of the run, as a fraction of its mean... */
  relativeGrowth: number;
  /** ...or in absolute terms, whichever is larger (a few MB of heap, a batch of rows). */
  absoluteGrowth: number;
}

export interface FlatVerdict {
  flat: boolean;
  /** The least-squares line's rise over the judged window (value units); 0 with fewer than two samples there. */
  growth: number;
  /** What it was allowed to rise. */
  allowed: number;
}

/** The slope (per ms) of the least-squares line through the points. */
export function slope(times: readonly number[], values: readonly number[]): number {
  const n = times.length;
  if (n < 2) return 0;
  const meanT = times.reduce((a, b) => a + b, 0) / n;
  const meanV = values.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  for (let i = 0; i < n; i += 1) {
    num += (times[i] - meanT) * (values[i] - meanV);
    den += (times[i] - meanT) ** 2;
  }
  return den === 0 ? 0 : num / den;
}

/**
 * "Flat after warm-up": over the samples after the warm-up, the fitted
 * line rises by no more than allowed across that window. A fit, not the
 * first and last samples, so one purge's sawtooth or one GC does not decide;
 * a leak (a steady rise) does. Falling is flat.
 */
export function flatAfterWarmup(series: Series, rule: FlatRule): FlatVerdict {
  const from = Math.floor(series.times.length * rule.warmupFraction);
  const times = series.times.slice(from);
  const values = series.values.slice(from);
  const mean = values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  const allowed = Math.max(rule.relativeGrowth * mean, rule.absoluteGrowth);
  const growth = times.length < 2 ? 0 : slope(times, values) * (times[times.length - 1] - times[0]);
  return { flat: growth <= allowed, growth, allowed };
}
