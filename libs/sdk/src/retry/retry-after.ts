/**
 * How long `Retry-After` asks a client to wait, in milliseconds: the header is
 * either whole seconds (`Retry-After: 2`) or an HTTP date
 * (`Retry-After: Fri, 27 Nov 2026 12:00:00 GMT`), RFC 9110 §10.2.3.
 * undefined when absent or unreadable; a date already past is 0.
 */
export function parseRetryAfter(header: string | null | undefined, nowMs: number): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  // Only an HTTP date (it names a weekday), not any string Date.parse happens to accept.
  if (!/^[A-Za-z]{3}, /.test(value)) return undefined;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}
