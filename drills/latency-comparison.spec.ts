import { allowedAfter, latencies, slowerBeyondNoise } from './latency-comparison';

describe('latency comparison', () => {
  it('takes nearest-rank percentiles of unsorted samples', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(latencies(samples)).toEqual({ count: 100, p50Ms: 50, p99Ms: 99 });
    expect(latencies([30, 10, 20])).toEqual({ count: 3, p50Ms: 20, p99Ms: 30 });
  });

  it('allows the larger of a factor and an absolute margin', () => {
    expect(allowedAfter(10, { factor: 1.5, plusMs: 20 })).toBe(30);
    expect(allowedAfter(100, { factor: 1.5, plusMs: 20 })).toBe(150);
  });

  it('names each percentile slower beyond the noise, and nothing within it', () => {
    const before = { count: 40, p50Ms: 40, p99Ms: 200 };
    expect(slowerBeyondNoise('list events', before, { count: 40, p50Ms: 60, p99Ms: 400 })).toEqual([]);
    expect(slowerBeyondNoise('list events', before, { count: 40, p50Ms: 61, p99Ms: 401 })).toEqual([
      'list events p50Ms 61.0 > 60.0 allowed (40.0 before)',
      'list events p99Ms 401.0 > 400.0 allowed (200.0 before)',
    ]);
  });
});
