import { testPath } from './delivery-status';

describe('testPath', () => {
  it('walks the test flow up to the target, in order', () => {
    expect(testPath('pending', 'in_transit')).toEqual(['driver_assigned', 'picked_up', 'in_transit']);
    expect(testPath('created', 'delivered')).toEqual(['pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']);
  });

  it('has no path to a status already passed, off the flow, or from a terminal status', () => {
    expect(testPath('in_transit', 'pending')).toBeUndefined();
    expect(testPath('picked_up', 'picked_up')).toBeUndefined();
    expect(testPath('pending', 'failed')).toBeUndefined();
    expect(testPath('cancelled', 'delivered')).toBeUndefined();
  });
});
