import { createHmac, timingSafeEqual } from 'node:crypto';

/** The header every webhook request carries: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'Service-Signature';

/** How far a signature's timestamp may be from now before it counts as a replay (5 minutes). */
export const DEFAULT_TOLERANCE_SECONDS = 300;

export type WebhookVerification =
  { valid: true; timestamp: number } | { valid: false; reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

export interface VerifyWebhookOptions {
  toleranceSeconds?: number;
  /** Unix seconds; now by default. */
  now?: number;
}

/**
 * Checks a webhook request: refuses a missing or malformed `Service-Signature`, a timestamp
 * further than the tolerance from now, and a digest that matches none of the header's `v1`
 * values (there are several while the endpoint's secret rotates), comparing in constant time.
 * `rawBody` is the body exactly as received, before any JSON parsing. `header` may be taken
 * straight from Node's `request.headers['service-signature']`: a header sent twice is malformed.
 */
export function verifyWebhook(
  rawBody: string | Buffer,
  header: string | readonly string[] | null | undefined,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookVerification {
  const value = singleValue(header);
  if (value === '') return { valid: false, reason: 'missing_header' };
  if (value === undefined) return { valid: false, reason: 'malformed_header' };
  const parts = parseSignatureHeader(value);
  if (!parts) return { valid: false, reason: 'malformed_header' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - parts.timestamp) > (options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS)) return { valid: false, reason: 'timestamp_out_of_tolerance' };
  const expected = createHmac('sha256', secret).update(`${parts.timestamp}.`).update(rawBody).digest();
  const matches = parts.signatures.some((signature) => timingSafeEqual(Buffer.from(signature, 'hex'), expected));
  return matches ? { valid: true, timestamp: parts.timestamp } : { valid: false, reason: 'signature_mismatch' };
}

/** The header's one value, '' when absent, undefined when it was sent more than once. */
function singleValue(header: string | readonly string[] | null | undefined): string | undefined {
  if (typeof header === 'string') return header;
  if (!header || header.length === 0) return '';
  return header.length === 1 ? header[0] : undefined;
}

function parseSignatureHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const [key, value] = item.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    // 64 hex digits: exactly a SHA-256 digest, so the constant-time compare sees equal lengths.
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}
