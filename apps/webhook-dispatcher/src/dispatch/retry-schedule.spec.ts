import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from './attempt-limits';
import { nextRetryDelayMs, parseRetryAfter } from './retry-schedule';

const now = new Date('2015-10-21T07:28:00.000Z');

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['1', 1000],
    ['120', 120_000],
    ['007', 7000],
    [' 30 ', 30_000],
    ['86400', 86_400_000],
  ])('reads delay-seconds %j as %d ms', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  it('saturates a delay too large for a safe integer instead of returning Infinity', () => {
    expect(parseRetryAfter('9'.repeat(400), now)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it.each([
    ['Wed, 21 Oct 2015 07:28:00 GMT', 0],
    ['Wed, 21 Oct 2015 07:29:00 GMT', 60_000],
    ['Wed, 21 Oct 2015 08:28:01 GMT', 3_601_000],
    ['Thu, 22 Oct 2015 07:28:00 GMT', 86_400_000],
    ['Sun, 01 Nov 2015 00:00:00 GMT', Date.UTC(2015, 10, 1) - now.getTime()],
    ['Mon, 29 Feb 2016 12:00:00 GMT', Date.UTC(2016, 1, 29, 12) - now.getTime()],
  ])('reads the HTTP-date %j as %d ms from now', (header, expected) => {
    expect(parseRetryAfter(header, now)).toBe(expected);
  });

  it('takes the sub-second part of now into account', () => {
    expect(parseRetryAfter('Wed, 21 Oct 2015 07:28:10 GMT', new Date('2015-10-21T07:28:00.250Z'))).toBe(9750);
  });

  it.each(['Wed, 21 Oct 2015 07:27:59 GMT', 'Tue, 20 Oct 2015 07:28:00 GMT', 'Thu, 01 Jan 1970 00:00:00 GMT'])('reads the past date %j as 0', (header) => {
    expect(parseRetryAfter(header, now)).toBe(0);
  });

  it.each([
    '',
    '   ',
    'soon',
    '-1',
    '+5',
    '1.5',
    '1e3',
    '0x10',
    '10 s',
    '12abc',
    // Date.parse would take these; an HTTP-date is only the IMF-fixdate form.
    'Oct 21 2015',
    '2015-10-21T07:29:00Z',
    'Wed, 21 Oct 2015 07:29:00',
    'Wed, 21 Oct 2015 07:29:00 UTC',
    'Wed, 21 oct 2015 07:29:00 GMT',
    'Wednesday, 21-Oct-15 07:29:00 GMT',
    'Wed Oct 21 07:29:00 2015',
    'Wed, 1 Oct 2015 07:29:00 GMT',
    // Out-of-range fields are malformed, not rolled over into a later date.
    'Tue, 31 Feb 2015 07:29:00 GMT',
    'Wed, 00 Oct 2015 07:29:00 GMT',
    'Sun, 29 Feb 2015 07:29:00 GMT',
    'Wed, 21 Oct 2015 24:00:00 GMT',
    'Wed, 21 Oct 2015 07:60:00 GMT',
    'Wed, 21 Oct 2015 07:29:60 GMT',
  ])('ignores %j', (header) => {
    expect(parseRetryAfter(header, now)).toBeUndefined();
  });

  it('ignores a missing header', () => {
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('reads the first value of a repeated header', () => {
    expect(parseRetryAfter(['5', '600'], now)).toBe(5000);
    expect(parseRetryAfter(['Wed, 21 Oct 2015 07:28:30 GMT', '1'], now)).toBe(30_000);
    expect(parseRetryAfter(['garbage', '600'], now)).toBeUndefined();
    expect(parseRetryAfter([], now)).toBeUndefined();
  });
});

describe('nextRetryDelayMs', () => {
  it('follows the schedule of decisions.md: 1 min, 10 min, 1 h, then no more attempts', () => {
    expect(WEBHOOK_RETRY_DELAYS_MS).toEqual([60_000, 600_000, 3_600_000]);
    expect(WEBHOOK_MAX_ATTEMPTS).toBe(4);
    expect([1, 2, 3, 4, 5, 100].map((attempt) => nextRetryDelayMs(attempt, { speed: 1 }))).toEqual([60_000, 600_000, 3_600_000, null, null, null]);
  });

  it('waits longer when Retry-After asks for more than the schedule', () => {
    expect(nextRetryDelayMs(1, { speed: 1, retryAfterMs: 120_000 })).toBe(120_000);
    expect(nextRetryDelayMs(2, { speed: 1, retryAfterMs: 600_001 })).toBe(600_001);
  });

  it('never retries sooner than scheduled, whatever Retry-After says', () => {
    expect(nextRetryDelayMs(1, { speed: 1, retryAfterMs: 0 })).toBe(60_000);
    expect(nextRetryDelayMs(2, { speed: 1, retryAfterMs: 59_999 })).toBe(600_000);
    expect(nextRetryDelayMs(3, { speed: 1, retryAfterMs: 600_000 })).toBe(3_600_000);
  });

  it('never waits longer than the longest delay of the schedule', () => {
    expect(nextRetryDelayMs(1, { speed: 1, retryAfterMs: 3_600_000 })).toBe(3_600_000);
    expect(nextRetryDelayMs(1, { speed: 1, retryAfterMs: 3_600_001 })).toBe(3_600_000);
    expect(nextRetryDelayMs(2, { speed: 1, retryAfterMs: 86_400_000 })).toBe(3_600_000);
    expect(nextRetryDelayMs(3, { speed: 1, retryAfterMs: Number.MAX_SAFE_INTEGER })).toBe(3_600_000);
    expect(nextRetryDelayMs(1, { speed: 1, retryAfterMs: Infinity })).toBe(3_600_000);
  });

  it('does not retry after the last attempt even when Retry-After is given', () => {
    expect(nextRetryDelayMs(WEBHOOK_MAX_ATTEMPTS, { speed: 1, retryAfterMs: 1000 })).toBeNull();
  });

  it('divides by the speed and rounds to whole ms', () => {
    expect([1, 2, 3].map((attempt) => nextRetryDelayMs(attempt, { speed: 600 }))).toEqual([100, 1000, 6000]);
    expect(nextRetryDelayMs(1, { speed: 600, retryAfterMs: 90_000 })).toBe(150);
    expect(nextRetryDelayMs(1, { speed: 600, retryAfterMs: 86_400_000 })).toBe(6000);
    expect(nextRetryDelayMs(1, { speed: 7 })).toBe(8571); // 8571.43
    expect(nextRetryDelayMs(1, { speed: 1.6 })).toBe(37_500);
    expect(nextRetryDelayMs(1, { speed: 0.5 })).toBe(120_000);
    expect(nextRetryDelayMs(1, { speed: 120_001 })).toBe(0); // 0.49998
    expect(nextRetryDelayMs(1, { speed: 119_999 })).toBe(1); // 0.50000
  });

  it.each([0, -1, 1.5, NaN, Infinity])('refuses failedAttempt %p', (failedAttempt) => {
    expect(() => nextRetryDelayMs(failedAttempt, { speed: 1 })).toThrow(RangeError);
  });

  it.each([0, -600, NaN, Infinity, -Infinity])('refuses speed %p', (speed) => {
    expect(() => nextRetryDelayMs(1, { speed })).toThrow(RangeError);
    // Checked before the end of the schedule, so a bad speed never hides behind a null.
    expect(() => nextRetryDelayMs(WEBHOOK_MAX_ATTEMPTS, { speed })).toThrow(RangeError);
  });

  it.each([-1, NaN])('refuses retryAfterMs %p', (retryAfterMs) => {
    expect(() => nextRetryDelayMs(1, { speed: 1, retryAfterMs })).toThrow(RangeError);
  });

  it('composes with parseRetryAfter', () => {
    const retryAfterMs = parseRetryAfter('Wed, 21 Oct 2015 07:58:00 GMT', now);
    expect(nextRetryDelayMs(2, { speed: 1, retryAfterMs })).toBe(1_800_000);
    expect(nextRetryDelayMs(2, { speed: 1, retryAfterMs: parseRetryAfter('nonsense', now) })).toBe(600_000);
  });
});
