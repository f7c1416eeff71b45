import { handOffFor, standingAfter } from './driver-standing';

describe('standingAfter', () => {
  it('takes a deactivated driver offline, reactivates without putting it online, forces offline without changing the status', () => {
    expect(standingAfter('deactivate', 'active')).toEqual({ status: 'deactivated', takenOffline: true });
    expect(standingAfter('reactivate', 'deactivated')).toEqual({ status: 'active', takenOffline: false });
    expect(standingAfter('force_offline', 'active')).toEqual({ status: 'active', takenOffline: true });
    expect(standingAfter('force_offline', 'deactivated')).toEqual({ status: 'deactivated', takenOffline: true });
  });
});

describe('handOffFor', () => {
  it('re-matches deliveries not yet picked up, whatever took the driver off the road', () => {
    for (const revoked of [true, false]) {
      expect(handOffFor('driver_assigned', revoked)).toBe('rematch');
      expect(handOffFor('driver_at_pickup', revoked)).toBe('rematch');
    }
  });

  it('leaves a picked-up package with its driver, stranded when the driver is revoked', () => {
    expect([handOffFor('picked_up', false), handOffFor('in_transit', false)]).toEqual(['keep', 'keep']);
    expect([handOffFor('picked_up', true), handOffFor('in_transit', true)]).toEqual(['stranded', 'stranded']);
  });
});
