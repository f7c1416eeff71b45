import { MAX_RECOVERY_AGE_MS } from './webhooks';

/** RFC 3339 date-time with a zone, as every timestamp of the API is written. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/i;

/**
 * Reads the `since` of a recovery: an RFC 3339 timestamp at most 7 days
 * before `now` and not after it. Answers the instant, or why it is refused.
 */
export function parseRecoverySince(value: unknown, now: Date): { since: Date } | { error: string } {
  if (typeof value !== 'string' || !DATE_TIME.test(value)) return { error: 'must be an RFC 3339 date-time with a time zone, e.g. 2026-11-23T10:00:00Z' };
  const since = new Date(value);
  if (Number.isNaN(since.getTime())) return { error: 'is not a valid date-time' };
  if (since.getTime() > now.getTime()) return { error: 'must not be in the future' };
  if (now.getTime() - since.getTime() > MAX_RECOVERY_AGE_MS) return { error: 'must be at most 7 days ago' };
  return { since };
}
