import { RELAY_BACKOFF_BASE_MS, RELAY_BACKOFF_MAX_MS, relayBackoffMs } from './relay-backoff';

describe('relayBackoffMs', () => {
  it('starts at the base wait', () => {
    expect(relayBackoffMs(1)).toBe(RELAY_BACKOFF_BASE_MS);
  });

  it('doubles with each failure in a row', () => {
    expect([2, 3, 4, 5].map(relayBackoffMs)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('stops growing at the maximum, however long the outage', () => {
    expect(relayBackoffMs(6)).toBe(RELAY_BACKOFF_MAX_MS);
    expect(relayBackoffMs(1000)).toBe(RELAY_BACKOFF_MAX_MS);
    expect(relayBackoffMs(Number.MAX_SAFE_INTEGER)).toBe(RELAY_BACKOFF_MAX_MS);
  });

  it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses %p failures', (failures) => {
    expect(() => relayBackoffMs(failures)).toThrow(RangeError);
  });
});
