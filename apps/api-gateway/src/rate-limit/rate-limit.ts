import { createHash } from 'node:crypto';

/**
 * Fixed windows aligned to the minute (the hour for registrations): every replica derives the same window
 * (and so the same Redis key) from its clock without talking to the others,
 * and a window needs one counter, not a log of timestamps.
 */
export const WINDOW_SECONDS = 60;
const HOUR_SECONDS = 3600;

export type Per = 'minute' | 'hour';

/** A counting window in Unix seconds: `start` inclusive, `end` exclusive. */
export interface RateWindow {
  start: number;
  end: number;
}

export function windowAt(nowMs: number, seconds = WINDOW_SECONDS): RateWindow {
  const start = Math.floor(nowMs / 1000 / seconds) * seconds;
  return { start, end: start + seconds };
}

/** `count` includes the request being decided, so the limit-th request still passes. */
export function isAllowed(limit: number, count: number): boolean {
  return count <= limit;
}

export function rateLimitHeaders(limit: number, count: number, windowEnd: number): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(Math.max(0, limit - count)),
    'X-RateLimit-Reset': String(windowEnd),
  };
}

/** Whole seconds until the window ends, rounded up so a client that waits exactly this long lands in the next window. */
export function retryAfterSeconds(nowMs: number, windowEnd: number): number {
  return Math.ceil((windowEnd * 1000 - nowMs) / 1000);
}

export function rateLimitMessage(limit: number, windowEnd: number, per: Per = 'minute'): string {
  return `Too many requests: the limit of ${limit} per ${per} resets at ${new Date(windowEnd * 1000).toISOString()}.`;
}

/** A budget a request is counted against: one counter per identity and window. */
export interface Budget {
  /** Part of a Redis key: never a secret, so a tracking token appears only hashed. */
  identity: string;
  limit: number;
  per: Per;
  window: RateWindow;
  /** Checked, not counted: the request is refused once the budget is used up, but does not use it. */
  readOnly?: boolean;
}

export interface Limits {
  perMinute: number;
  trackingPerMinute: number;
  registrationPerHour: number;
}

/** Routes with a budget of their own, named in their route config (see RouteTraits). */
export type RouteBudget = 'tracking' | 'registration' | 'driver';

export interface Caller {
  /** The client IP, as TRUST_PROXY lets it be read. */
  ip: string;
  /** Set only once authentication accepted the key (or a dashboard session: `member_<id>`): a made-up key is no identity. */
  apiKeyId?: string;
  budget?: RouteBudget;
  /** The route's token parameter, on a tracking route. */
  trackingToken?: string;
  /** The bearer value, on a driver route (a driver token, or a made-up one). */
  driverToken?: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** The client IP's budget: everything without a valid key, and failed tracking lookups. */
export function ipBudget(ip: string, limits: Limits, nowMs: number): Budget {
  return { identity: `ip:${ip}`, limit: limits.perMinute, per: 'minute', window: windowAt(nowMs) };
}

/**
 * What one request is counted against, the budget whose headers it carries
 * first. A valid key has its own budget; everything else (public routes,
 * failed authentications, unknown routes) shares its client IP's, so a
 * made-up bearer value buys nothing. A tracking token has its own budget, so
 * open tracking pages use up neither a merchant's nor an IP's; but a token
 * that does not exist counts against the IP as it is refused (isFailedLookup), and an
 * IP that used its budget up is refused here, so made-up tokens buy nothing
 * either. Registration counts against the IP's minute and, on top, its hour.
 */
export function budgetsFor(caller: Caller, limits: Limits, nowMs: number): Budget[] {
  const minute = windowAt(nowMs);
  if (caller.budget === 'tracking' && caller.trackingToken !== undefined) {
    return [
      { identity: `token:${sha256(caller.trackingToken)}`, limit: limits.trackingPerMinute, per: 'minute', window: minute },
      { ...ipBudget(caller.ip, limits, nowMs), readOnly: true },
    ];
  }
  // Each driver its own budget (a fleet shares one address), the IP's checked as well; an unknown token counts against the IP once refused.
  if (caller.budget === 'driver' && caller.driverToken !== undefined) {
    return [
      { identity: `driver:${sha256(caller.driverToken)}`, limit: limits.perMinute, per: 'minute', window: minute },
      { ...ipBudget(caller.ip, limits, nowMs), readOnly: true },
    ];
  }
  if (caller.apiKeyId !== undefined) {
    return [{ identity: `key:${caller.apiKeyId}`, limit: limits.perMinute, per: 'minute', window: minute }];
  }
  const perIp = ipBudget(caller.ip, limits, nowMs);
  if (caller.budget !== 'registration') return [perIp];
  return [perIp, { identity: `registration:${caller.ip}`, limit: limits.registrationPerHour, per: 'hour', window: windowAt(nowMs, HOUR_SECONDS) }];
}

/**
 * The first budget the request exceeds, if any; `counts` are in the order of
 * `budgets`, this request included (for a read-only budget: as if it counted).
 */
export function exceededBudget(budgets: readonly Budget[], counts: readonly number[]): { budget: Budget; count: number } | undefined {
  const index = budgets.findIndex((budget, i) => !isAllowed(budget.limit, counts[i]));
  return index === -1 ? undefined : { budget: budgets[index], count: counts[index] };
}

/**
 * A refused credential the route takes in place of a key: a tracking token
 * that names no delivery (404), a driver token that names no driver (401).
 * Each counts against the client IP as it is answered, and the count decides
 * whether the answer is that refusal or 429: guessing tokens is limited like
 * guessing keys, however many guesses arrive at once.
 */
export function isFailedLookup(budget: RouteBudget | undefined, status: number): boolean {
  return (budget === 'tracking' && status === 404) || (budget === 'driver' && status === 401);
}
