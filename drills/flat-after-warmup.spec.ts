import { flatAfterWarmup, slope } from './flat-after-warmup';

const RULE = { warmupFraction: 1 / 3, relativeGrowth: 0.1, absoluteGrowth: 5 };
const times = Array.from({ length: 12 }, (_, i) => i * 10_000);

describe('slope', () => {
  it('is the least-squares slope per ms', () => {
    expect(slope([0, 1000, 2000], [10, 20, 30])).toBeCloseTo(0.01);
    expect(slope([0, 1000, 2000], [5, 5, 5])).toBe(0);
    expect(slope([1000], [5])).toBe(0);
  });
});

describe('flatAfterWarmup', () => {
  it('passes a series that rises during warm-up and then levels off', () => {
    const values = [10, 40, 70, 100, 100, 101, 99, 100, 102, 100, 99, 101];
    expect(flatAfterWarmup({ times, values }, RULE).flat).toBe(true);
  });

  it('passes a sawtooth (rows added, then purged in batches) around a level', () => {
    const values = times.map((_, i) => (i % 2 === 0 ? 900 : 1000));
    expect(flatAfterWarmup({ times, values }, RULE)).toMatchObject({ flat: true });
  });

  it('fails a steady rise after the warm-up (a leak, a table with no purge)', () => {
    const values = times.map((_, i) => 100 + i * 5);
    const verdict = flatAfterWarmup({ times, values }, RULE);
    expect(verdict.flat).toBe(false);
    expect(verdict.growth).toBeCloseTo(35);
    expect(verdict.allowed).toBeCloseTo(13.75);
  });

  it('allows the absolute growth for small values (an empty table gaining a few rows)', () => {
    const values = [0, 0, 0, 0, 0, 1, 2, 2, 3, 3, 4, 4];
    expect(flatAfterWarmup({ times, values }, RULE)).toMatchObject({ flat: true, allowed: 5 });
  });

  it('counts a fall as flat', () => {
    const values = times.map((_, i) => 1000 - i * 50);
    expect(flatAfterWarmup({ times, values }, RULE).flat).toBe(true);
  });
});
