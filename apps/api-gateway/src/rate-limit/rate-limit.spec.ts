import { createHash } from 'node:crypto';
import { budgetsFor, exceededBudget, ipBudget, isAllowed, isFailedLookup, rateLimitHeaders, rateLimitMessage, retryAfterSeconds, windowAt } from './rate-limit';

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
    expect(rateLimitMessage(100, MINUTE + 60)).toBe('Too many requests: the limit of 100 per minute resets at 2025-01-01T00:02:00.000Z.');
  });
});

describe('windowAt for an hour', () => {
  it('aligns the window to the hour', () => {
    const hour = 1735689600;
    expect(windowAt((hour + 1799) * 1000, 3600)).toEqual({ start: hour, end: hour + 3600 });
    expect(windowAt((hour + 3600) * 1000, 3600)).toEqual({ start: hour + 3600, end: hour + 7200 });
  });
});

describe('rateLimitMessage per hour', () => {
  it('names the hour', () => {
    expect(rateLimitMessage(20, MINUTE + 60, 'hour')).toBe('Too many requests: the limit of 20 per hour resets at 2025-01-01T00:02:00.000Z.');
  });
});

describe('budgetsFor', () => {
  const limits = { perMinute: 100, trackingPerMinute: 120, registrationPerHour: 20 };
  const now = MINUTE * 1000 + 5_000;
  const minute = { start: MINUTE, end: MINUTE + 60 };
  const token = 'trk_0123456789abcdefghijklmnopqrstuv';

  it('counts a valid key against the key, by its id', () => {
    expect(budgetsFor({ ip: '203.0.113.7', apiKeyId: 'key_1' }, limits, now)).toEqual([{ identity: 'key:key_1', limit: 100, per: 'minute', window: minute }]);
  });

  it('counts everything without a valid key against the client IP, IPv4 or IPv6', () => {
    expect(budgetsFor({ ip: '203.0.113.7' }, limits, now)).toEqual([{ identity: 'ip:203.0.113.7', limit: 100, per: 'minute', window: minute }]);
    expect(budgetsFor({ ip: '203.0.113.7' }, limits, now)).toEqual([ipBudget('203.0.113.7', limits, now)]);
    expect(budgetsFor({ ip: '2001:db8::1' }, limits, now)[0].identity).toBe('ip:2001:db8::1');
  });

  it('gives a tracking token its own budget, whoever asks and whatever key comes along, and never its clear text', () => {
    const [budget] = budgetsFor({ ip: '203.0.113.7', budget: 'tracking', trackingToken: token }, limits, now);
    expect(budget).toEqual({ identity: `token:${sha256(token)}`, limit: 120, per: 'minute', window: minute });
    expect(budgetsFor({ ip: '198.51.100.1', apiKeyId: 'key_1', budget: 'tracking', trackingToken: token }, limits, now)[0]).toEqual(budget);
    expect(budgetsFor({ ip: '203.0.113.7', budget: 'tracking', trackingToken: `${token}x` }, limits, now)[0].identity).not.toBe(budget.identity);
  });

  it("checks a tracking request against the client IP's budget without counting it there", () => {
    const budgets = budgetsFor({ ip: '203.0.113.7', apiKeyId: 'key_1', budget: 'tracking', trackingToken: token }, limits, now);
    expect(budgets).toHaveLength(2);
    expect(budgets[1]).toEqual({ ...ipBudget('203.0.113.7', limits, now), readOnly: true });
  });

  it('gives each driver token its own budget, checked against the IP without counting there, and never its clear text', () => {
    const driverToken = `drv_tok_${'a'.repeat(32)}`;
    const budgets = budgetsFor({ ip: '203.0.113.7', budget: 'driver', driverToken }, limits, now);
    expect(budgets).toEqual([
      { identity: `driver:${sha256(driverToken)}`, limit: 100, per: 'minute', window: minute },
      { ...ipBudget('203.0.113.7', limits, now), readOnly: true },
    ]);
    expect(budgetsFor({ ip: '203.0.113.7', budget: 'driver', driverToken: `${driverToken}x` }, limits, now)[0].identity).not.toBe(budgets[0].identity);
    expect(budgetsFor({ ip: '203.0.113.7', budget: 'driver' }, limits, now)).toEqual([ipBudget('203.0.113.7', limits, now)]);
  });

  it('counts a registration against the IP per minute and, on top, per hour', () => {
    const hour = Math.floor(MINUTE / 3600) * 3600;
    expect(budgetsFor({ ip: '203.0.113.7', budget: 'registration' }, limits, now)).toEqual([
      { identity: 'ip:203.0.113.7', limit: 100, per: 'minute', window: minute },
      { identity: 'registration:203.0.113.7', limit: 20, per: 'hour', window: { start: hour, end: hour + 3600 } },
    ]);
  });
});

describe('exceededBudget', () => {
  const window = { start: MINUTE, end: MINUTE + 60 };
  const minute = { identity: 'ip:a', limit: 100, per: 'minute' as const, window };
  const hour = { identity: 'registration:a', limit: 20, per: 'hour' as const, window: { start: MINUTE, end: MINUTE + 3600 } };

  it('is none while every count is within its limit', () => {
    expect(exceededBudget([minute, hour], [100, 20])).toBeUndefined();
  });

  it('is the first budget over its limit, with its count', () => {
    expect(exceededBudget([minute, hour], [5, 21])).toEqual({ budget: hour, count: 21 });
    expect(exceededBudget([minute, hour], [101, 21])).toEqual({ budget: minute, count: 101 });
  });
});

describe('isFailedLookup', () => {
  it('is a made-up tracking token (404) or driver token (401)', () => {
    expect(isFailedLookup('tracking', 404)).toBe(true);
    expect(isFailedLookup('driver', 401)).toBe(true);
  });

  it('is not any other answer, nor a refusal on other routes', () => {
    expect(isFailedLookup('tracking', 200)).toBe(false);
    expect(isFailedLookup('tracking', 401)).toBe(false);
    expect(isFailedLookup('driver', 404)).toBe(false);
    expect(isFailedLookup('driver', 200)).toBe(false);
    expect(isFailedLookup('registration', 401)).toBe(false);
    expect(isFailedLookup(undefined, 401)).toBe(false);
  });
});
