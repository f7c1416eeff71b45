import { feeTierFor } from './fee-tier';

describe('feeTierFor', () => {
  it.each([
    [0, 10, 100],
    [99, 10, 100],
    [100, 8, 500],
    [499, 8, 500],
    [500, 6, 2000],
    [1999, 6, 2000],
    [2000, 4, null],
    [50000, 4, null],
  ])('%i deliveries → %i%%, next tier at %p', (count, rate, next) => {
    expect(feeTierFor(count)).toEqual({ ratePercent: rate, nextTierAt: next });
  });

  it('refuses counts that cannot be', () => {
    expect(() => feeTierFor(-1)).toThrow(RangeError);
    expect(() => feeTierFor(1.5)).toThrow(RangeError);
  });
});
