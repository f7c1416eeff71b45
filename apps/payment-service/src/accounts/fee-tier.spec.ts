import { feeTierFor, serviceFeeFor } from './fee-tier';

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

describe('serviceFeeFor', () => {
  it.each([
    [2500, 10, 250, 2250],
    [2500, 8, 200, 2300],
    [1999, 6, 120, 1879],
    [1, 4, 0, 1],
    [13, 10, 1, 12],
    [15, 10, 2, 13],
    [0, 10, 0, 0],
  ])('%i cents at %i%% → fee %i, net %i', (subtotal, rate, fee, net) => {
    expect(serviceFeeFor(subtotal, rate)).toEqual({ serviceFee: fee, developerNet: net });
  });

  it('refuses amounts that are not whole cents', () => {
    expect(() => serviceFeeFor(-1, 10)).toThrow(RangeError);
    expect(() => serviceFeeFor(10.5, 10)).toThrow(RangeError);
  });
});
