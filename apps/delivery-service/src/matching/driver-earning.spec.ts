import { driverEarningFor } from './driver-earning';

describe('driverEarningFor', () => {
  it.each([
    [1000, 80, 800],
    [1249, 80, 999],
    [1251, 80, 1001],
    [0, 80, 0],
    [1000, 100, 1000],
  ])('%i cents of fee at %i%% → %i', (fee, percent, earning) => {
    expect(driverEarningFor(fee, percent)).toBe(earning);
  });
});
