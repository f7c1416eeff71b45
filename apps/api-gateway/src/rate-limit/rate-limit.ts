import { bearerToken, hashApiKey } from '../auth/api-key';

/**
 * Fixed windows aligned to the minute: every replica derives the same window
 * (and so the same Redis key) from its clock without talking to the others,
 * and a window needs one counter, not a log of timestamps.
 */
export const WINDOW_SECONDS = 60;

/** A counting window in Unix seconds: `start` inclusive, `end` exclusive. */
export interface RateWindow {
  start: number;
  end: number;
}

export function windowAt(nowMs: number): RateWindow {
  const start = Math.floor(nowMs / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  return { start, end: start + WINDOW_SECONDS };
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

export function rateLimitMessage(limit: number, windowEnd: number): string {
  return `Too many requests: the limit of ${limit} per minute resets at ${new Date(windowEnd * 1000).toISOString()}.`;
}

/**
 * Who a request is counted against: the SHA-256 of its bearer key (so Redis
 * never holds a usable key), else its client IP. The key
 * is not checked here: the limiter runs before authentication, so an invalid
 * key gets a budget of its own and is refused by authentication instead.
 * The header is read as authentication reads it, so both agree on who asks.
 */
export function identityOf(authorization: string | undefined, ip: string): string {
  const key = bearerToken(authorization);
  return key === undefined ? ip : hashApiKey(key);
}
