import { AUTO_DISABLE_FAILURE_RATIO, AUTO_DISABLE_MIN_ATTEMPTS, AUTO_DISABLE_WINDOW_MS, shouldAutoDisable } from './auto-disable';

describe('shouldAutoDisable', () => {
  it('uses the thresholds of decisions.md: 24 h, at least 10 attempts, more than 90% failed', () => {
    expect(AUTO_DISABLE_WINDOW_MS).toBe(86_400_000);
    expect(AUTO_DISABLE_MIN_ATTEMPTS).toBe(10);
    expect(AUTO_DISABLE_FAILURE_RATIO).toBe(0.9);
  });

  it.each([
    [10, 10, true],
    [10, 9, false],
    [11, 10, true], // 90.9%
    [11, 11, true],
    [20, 19, true], // 95%
    [20, 18, false], // 90% exactly
    [100, 91, true],
    [100, 90, false],
    [1000, 901, true],
    [1000, 900, false],
    [10, 0, false],
  ])('%d attempts, %d failed: %p', (attempts, failures, expected) => {
    expect(shouldAutoDisable({ attempts, failures })).toBe(expected);
  });

  it.each([
    [0, 0],
    [1, 1],
    [5, 5],
    [9, 9],
  ])('never disables below the minimum of attempts: %d of %d failed', (attempts, failures) => {
    expect(shouldAutoDisable({ attempts, failures })).toBe(false);
  });

  it('is exact at the 90% boundary for every multiple of 10 attempts up to a million', () => {
    const wrong: number[] = [];
    for (let attempts = 10; attempts <= 1_000_000; attempts += 10) {
      const atRatio = (attempts / 10) * 9;
      if (shouldAutoDisable({ attempts, failures: atRatio }) || !shouldAutoDisable({ attempts, failures: atRatio + 1 })) {
        wrong.push(attempts);
      }
    }
    expect(wrong).toEqual([]);
  });
});
