import { isExpiring, isUsable, keysAfterRoll, LAST_USE_RESOLUTION_MS, shouldRecordUse } from './api-key-lifecycle';

const now = new Date('2026-11-23T12:00:00Z');
const later = new Date(now.getTime() + 3600_000);
const earlier = new Date(now.getTime() - 1);

describe('api key lifecycle rules', () => {
  it.each([
    [{ expiresAt: null, revokedAt: null }, true],
    [{ expiresAt: later, revokedAt: null }, true],
    [{ expiresAt: earlier, revokedAt: null }, false],
    [{ expiresAt: now, revokedAt: null }, false],
    [{ expiresAt: null, revokedAt: earlier }, false],
    [{ expiresAt: later, revokedAt: earlier }, false],
  ])('isUsable(%o) is %s', (key, usable) => {
    expect(isUsable(key, now)).toBe(usable);
  });

  it('treats any key with an end date as expiring', () => {
    expect(isExpiring({ expiresAt: later, revokedAt: null })).toBe(true);
    expect(isExpiring({ expiresAt: null, revokedAt: null })).toBe(false);
  });

  it('counts the rolled key only while its grace lasts', () => {
    expect(keysAfterRoll(3, later, now)).toBe(5);
    expect(keysAfterRoll(3, now, now)).toBe(4);
    expect(keysAfterRoll(0, later, now)).toBe(2);
  });

  it('records a use when none is recorded or the last is a resolution old', () => {
    expect(shouldRecordUse(null, now)).toBe(true);
    expect(shouldRecordUse(new Date(now.getTime() - LAST_USE_RESOLUTION_MS), now)).toBe(true);
    expect(shouldRecordUse(new Date(now.getTime() - LAST_USE_RESOLUTION_MS + 1), now)).toBe(false);
  });
});
