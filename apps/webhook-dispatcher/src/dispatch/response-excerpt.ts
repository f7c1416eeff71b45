/** How much of a receiver's response body the event log keeps, in bytes: enough to read an error message. */
export const RESPONSE_EXCERPT_BYTES = 1024;

/**
 * The start of a response body as text a merchant can read: UTF-8, a
 * character cut at the end dropped, NULs (which Postgres text refuses) and
 * other control characters but tab and newlines removed.
 */
export function responseExcerpt(start: Buffer): string {
  const text = start.subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8');
  // eslint-disable-next-line no-control-regex
  return text.replace(/\uFFFD+$/, '').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '');
}
