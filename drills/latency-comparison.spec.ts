import { allowedAfter, latencies, slowerBeyondNoise } from './latency-comparison';

describe('latency comparison', () => {
  it('takes nearest-rank percentiles of unsorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencies(samples)).toEqual({ count: 100, p50Ms: 50, p90Ms: 90, p99Ms: 99 });
    expect(latencies([30, 10, 20])).toEqual({ count: 3, p50Ms: 20, p90Ms: 30, p99Ms: 30 });
  });

  it('allows the larger of a factor and an absolute margin', () => {
    expect(allowedAfter(10, { factor: 1.5, plusMs: 20 })).toBe(30);
    expect(allowedAfter(100, { factor: 1.5, plusMs: 20 })).toBe(150);
  });

  it('names each compared percentile slower beyond the noise, and nothing within it', () => {
    const before = { count: 40, p50Ms: 40, p90Ms: 150, p99Ms: 200 };
    expect(slowerBeyondNoise('list events', before, { count: 40, p50Ms: 60, p90Ms: 300, p99Ms: 900 })).toEqual([]);
    expect(slowerBeyondNoise('list events', before, { count: 40, p50Ms: 61, p90Ms: 301, p99Ms: 200 })).toEqual([
      'list events p50Ms 61.0 > 60.0 allowed (40.0 before)',
      'list events p90Ms 301.0 > 300.0 allowed (150.0 before)',
    ]);
  });

  it('reports the p99 of a few dozen requests (their slowest) without comparing it', () => {
    const before = latencies(Array.from({ length: 40 }, () => 40));
    const after = latencies([...Array.from({ length: 39 }, () => 40), 900]);
    expect(after.p99Ms).toBe(900);
    expect(slowerBeyondNoise('create delivery', before, after)).toEqual([]);
  });
});
