import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_DELAYS_MS } from './attempt-limits';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The IMF-fixdate form of an HTTP-date, the one senders must use (RFC 7231,
 * 7.1.1.1). The obsolete RFC 850 and asctime forms are not read: they are not
 * seen in practice, and a header we cannot read only means the schedule's own
 * delay applies. `Date.parse` is not used because it accepts nearly anything
 * ("1" is a date to it) and reads a date without a zone as local time.
 */
const IMF_FIXDATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{2}):(\d{2}):(\d{2}) GMT$/;

/**
 * How long, in ms from `now`, a receiver asked us to wait with `Retry-After`:
 * delay-seconds or an HTTP-date, a date already past meaning "now". Anything
 * else is ignored (undefined) rather than guessed at, since the value only ever
 * lengthens a retry delay the schedule already gives.
 */
export function parseRetryAfter(header: string | string[] | undefined, now: Date): number | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  if (!value) return undefined;
  // Saturates rather than reaching Infinity: a huge value still means "as late as you allow".
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, Number.MAX_SAFE_INTEGER);
  const at = parseImfFixdate(value);
  return at === undefined ? undefined : Math.max(0, at - now.getTime());
}

function parseImfFixdate(value: string): number | undefined {
  const match = IMF_FIXDATE.exec(value);
  if (!match) return undefined;
  const [day, year, hour, minute, second] = [match[1], match[3], match[4], match[5], match[6]].map(Number);
  if (hour > 23 || minute > 59 || second > 59) return undefined;
  const at = new Date(Date.UTC(year, MONTHS.indexOf(match[2]), day, hour, minute, second));
  // Date.UTC rolls "31 Feb" over into March: such a date is malformed, not a later one.
  return at.getUTCDate() === day ? at.getTime() : undefined;
}

/**
 * The wait before the next attempt of an event to an endpoint, after attempt
 * number `failedAttempt` (1-based) failed; null once it was the last one.
 *
 * A receiver's Retry-After is honoured within the schedule: it can push a retry
 * later than scheduled, never sooner (retrying faster than we promised because
 * the receiver said "0" would hammer a struggling host), and never past the
 * schedule's longest delay, so one header cannot park an event for days.
 * `speed` divides the result, like the test timeline's speed-up, so tests can
 * run the real schedule in milliseconds.
 */
export function nextRetryDelayMs(failedAttempt: number, options: { retryAfterMs?: number; speed: number }): number | null {
  if (!Number.isInteger(failedAttempt) || failedAttempt < 1) {
    throw new RangeError(`failedAttempt must be an integer >= 1, got ${failedAttempt}`);
  }
  if (!Number.isFinite(options.speed) || options.speed <= 0) {
    throw new RangeError(`speed must be a finite number > 0, got ${options.speed}`);
  }
  const retryAfterMs = options.retryAfterMs ?? 0;
  if (Number.isNaN(retryAfterMs) || retryAfterMs < 0) {
    throw new RangeError(`retryAfterMs must be a number >= 0, got ${retryAfterMs}`);
  }
  if (failedAttempt >= WEBHOOK_MAX_ATTEMPTS) return null;
  const scheduled = WEBHOOK_RETRY_DELAYS_MS[failedAttempt - 1];
  const longest = WEBHOOK_RETRY_DELAYS_MS[WEBHOOK_RETRY_DELAYS_MS.length - 1];
  return Math.round(Math.min(Math.max(scheduled, retryAfterMs), longest) / options.speed);
}
