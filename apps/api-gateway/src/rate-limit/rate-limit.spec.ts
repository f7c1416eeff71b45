import { createHash } from 'node:crypto';
import { identityOf, isAllowed, rateLimitHeaders, rateLimitMessage, retryAfterSeconds, windowAt } from './rate-limit';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
/** 2025-01-01T00:01:00Z, the start of a minute. */
const MINUTE = 1735689660;

describe('windowAt', () => {
  it('aligns the window to the minute, start inclusive', () => {
    expect(windowAt(MINUTE * 1000)).toEqual({ start: MINUTE, end: MINUTE + 60 });
    expect(windowAt(MINUTE * 1000 + 30_500)).toEqual({ start: MINUTE, end: MINUTE + 60 });
  });

  it('puts the last millisecond in the window and the window end in the next one', () => {
    expect(windowAt((MINUTE + 60) * 1000 - 1)).toEqual({ start: MINUTE, end: MINUTE + 60 });
    expect(windowAt((MINUTE + 60) * 1000)).toEqual({ start: MINUTE + 60, end: MINUTE + 120 });
  });
});

describe('isAllowed', () => {
  it('allows up to and including the limit, refuses the one after', () => {
    expect(isAllowed(100, 1)).toBe(true);
    expect(isAllowed(100, 100)).toBe(true);
    expect(isAllowed(100, 101)).toBe(false);
    expect(isAllowed(1, 2)).toBe(false);
  });
});

describe('rateLimitHeaders', () => {
  it('reports the limit, what is left after this request, and the window end', () => {
    expect(rateLimitHeaders(100, 1, MINUTE + 60)).toEqual({
      'X-RateLimit-Limit': '100',
      'X-RateLimit-Remaining': '99',
      'X-RateLimit-Reset': String(MINUTE + 60),
    });
  });

  it('reaches 0 at the limit and never goes negative beyond it', () => {
    expect(rateLimitHeaders(100, 100, MINUTE)['X-RateLimit-Remaining']).toBe('0');
    expect(rateLimitHeaders(100, 101, MINUTE)['X-RateLimit-Remaining']).toBe('0');
    expect(rateLimitHeaders(100, 5000, MINUTE)['X-RateLimit-Remaining']).toBe('0');
  });
});

describe('retryAfterSeconds', () => {
  it('is the whole window at its start and 1 at its last millisecond', () => {
    const { end } = windowAt(MINUTE * 1000);
    expect(retryAfterSeconds(MINUTE * 1000, end)).toBe(60);
    expect(retryAfterSeconds(end * 1000 - 1, end)).toBe(1);
  });

  it('rounds up, so waiting that long always reaches the next window', () => {
    const now = MINUTE * 1000 + 20_250;
    const { end } = windowAt(now);
    const wait = retryAfterSeconds(now, end);
    expect(wait).toBe(40);
    expect(windowAt(now + wait * 1000).start).toBe(end);
  });
});

describe('rateLimitMessage', () => {
  it('names the limit and the reset time in ISO 8601', () => {
    expect(rateLimitMessage(100, MINUTE + 60)).toBe(
      'Too many requests: the limit of 100 per minute resets at 2025-01-01T00:02:00.000Z.',
    );
  });
});

describe('identityOf', () => {
  const key = 'svc_test_0123456789abcdefghijklmnopqrstuvwxyzABCDEFG';

  it('is the SHA-256 hex of a bearer key, never the key itself', () => {
    const identity = identityOf(`Bearer ${key}`, '203.0.113.7');
    expect(identity).toBe(sha256(key));
    expect(identity).toMatch(/^[0-9a-f]{64}$/);
    expect(identity).not.toContain(key);
  });

  it('reads the scheme case-insensitively and tolerates extra blanks around the key', () => {
    expect(identityOf(`bearer ${key}`, '203.0.113.7')).toBe(sha256(key));
    expect(identityOf(`BEARER  ${key} `, '203.0.113.7')).toBe(sha256(key));
  });

  it('counts different keys apart', () => {
    expect(identityOf('Bearer a', '203.0.113.7')).not.toBe(identityOf('Bearer b', '203.0.113.7'));
  });

  it.each([
    ['no header', undefined],
    ['an empty header', ''],
    ['Bearer with nothing', 'Bearer'],
    ['Bearer with only blanks', 'Bearer   '],
    ['another scheme', `Basic ${Buffer.from('user:pass').toString('base64')}`],
    ['a bare key without scheme', key],
    ['two tokens', `Bearer ${key} extra`],
    ['the scheme glued to the key', `Bearer${key}`],
  ])('falls back to the client IP for %s', (_case, header) => {
    expect(identityOf(header, '203.0.113.7')).toBe('203.0.113.7');
    expect(identityOf(header, '2001:db8::1')).toBe('2001:db8::1');
  });
});
