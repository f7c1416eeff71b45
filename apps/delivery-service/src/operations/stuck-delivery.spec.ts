import { promisedDropoffAt, stuckReason } from './stuck-delivery';

describe('stuckReason', () => {
  const now = new Date('2026-11-27T12:00:00Z');
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const thresholds = { unmatchedMs: 10 * 60_000, stillMs: 5 * 60_000 };
  const dueAt = new Date(now.getTime() + 30 * 60_000);

  it('flags a delivery waiting for a driver from the threshold on, not before', () => {
    expect(stuckReason({ waitingSince: ago(9), driver: null, dueAt }, now, thresholds)).toBeNull();
    expect(stuckReason({ waitingSince: ago(10), driver: null, dueAt }, now, thresholds)).toEqual({ reason: 'no_driver', since: ago(10) });
  });

  it('flags a driver that sent no position for the threshold, or never sent one', () => {
    expect(stuckReason({ waitingSince: null, driver: { locatedAt: ago(4) }, dueAt }, now, thresholds)).toBeNull();
    expect(stuckReason({ waitingSince: null, driver: { locatedAt: ago(5) }, dueAt }, now, thresholds)).toEqual({ reason: 'driver_still', since: ago(5) });
    expect(stuckReason({ waitingSince: null, driver: { locatedAt: null }, dueAt }, now, thresholds)?.reason).toBe('driver_still');
  });

  it('flags a delivery past its promised dropoff time, after the causes', () => {
    const overdue = ago(1);
    expect(stuckReason({ waitingSince: null, driver: { locatedAt: ago(1) }, dueAt: overdue }, now, thresholds)).toEqual({ reason: 'late', since: overdue });
    expect(stuckReason({ waitingSince: ago(20), driver: null, dueAt: overdue }, now, thresholds)?.reason).toBe('no_driver');
    expect(stuckReason({ waitingSince: null, driver: { locatedAt: ago(1) }, dueAt: now }, now, thresholds)).toBeNull();
  });
});

describe('promisedDropoffAt', () => {
  it('adds the ETA to the creation, or to the scheduled time when there is one', () => {
    const created = new Date('2026-11-27T12:00:00Z');
    expect(promisedDropoffAt(created, null, 45).toISOString()).toBe('2026-11-27T12:45:00.000Z');
    expect(promisedDropoffAt(created, new Date('2026-11-27T15:00:00Z'), 45).toISOString()).toBe('2026-11-27T15:45:00.000Z');
  });
});
