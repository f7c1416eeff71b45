import { doublingDelayMs } from './backoff';

describe('doublingDelayMs', () => {
  it('starts at the first wait and doubles', () => {
    expect([0, 1, 2, 3].map((step) => doublingDelayMs(step, 500, 10_000))).toEqual([500, 1000, 2000, 4000]);
  });

  it('never exceeds the maximum, however many steps', () => {
    expect(doublingDelayMs(5, 500, 10_000)).toBe(10_000);
    expect(doublingDelayMs(Number.MAX_SAFE_INTEGER, 500, 10_000)).toBe(10_000);
  });

  it.each([-1, 0.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses step %p', (step) => {
    expect(() => doublingDelayMs(step, 500, 10_000)).toThrow(RangeError);
  });
});
