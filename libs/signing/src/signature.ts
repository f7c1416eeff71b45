import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header that carries a webhook's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`. */
export const SIGNATURE_HEADER = 'Service-Signature';

export const DEFAULT_TOLERANCE_SECONDS = 300;

export function computeSignature(secret: string, timestamp: number, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(rawBody).digest('hex');
}

/**
 * The header value for a body signed at `timestamp` (Unix seconds): one `v1=`
 * per secret, so that while a secret rotates a receiver holding either the new
 * or the old one verifies.
 */
export function signPayload(secrets: string | readonly string[], rawBody: string | Buffer, timestamp: number): string {
  const all = typeof secrets === 'string' ? [secrets] : secrets;
  if (all.length === 0) throw new Error('signPayload needs at least one secret');
  return [`t=${timestamp}`, ...all.map((secret) => `v1=${computeSignature(secret, timestamp, rawBody)}`)].join(',');
}

export type VerifyResult =
  { valid: true; timestamp: number } | { valid: false; reason: 'missing_header' | 'malformed_header' | 'timestamp_out_of_tolerance' | 'signature_mismatch' };

export interface VerifyOptions {
  toleranceSeconds?: number;
  /** Unix seconds; defaults to now. */
  now?: number;
}

/**
 * What a merchant's receiver runs: rejects a missing or malformed header, a
 * timestamp outside the tolerance (replays), and a digest that does not match,
 * comparing digests in constant time.
 */
export function verifyWebhook(rawBody: string | Buffer, header: string | undefined | null, secret: string, options: VerifyOptions = {}): VerifyResult {
  if (!header) return { valid: false, reason: 'missing_header' };
  const parts = parseHeader(header);
  if (!parts) return { valid: false, reason: 'malformed_header' };
  const now = options.now ?? Math.floor(Date.now() / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (Math.abs(now - parts.timestamp) > tolerance) return { valid: false, reason: 'timestamp_out_of_tolerance' };
  const expected = Buffer.from(computeSignature(secret, parts.timestamp, rawBody), 'hex');
  const matches = parts.signatures.some((candidate) => {
    const given = Buffer.from(candidate, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  return matches ? { valid: true, timestamp: parts.timestamp } : { valid: false, reason: 'signature_mismatch' };
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const item of header.split(',')) {
    const [key, value] = item.trim().split('=', 2);
    if (key === 't' && value && /^\d+$/.test(value)) timestamp = Number(value);
    // Several v1 values let a sender sign with an old and a new secret while it rotates.
    if (key === 'v1' && value && /^[0-9a-f]{64}$/.test(value)) signatures.push(value);
  }
  return timestamp === undefined || signatures.length === 0 ? undefined : { timestamp, signatures };
}
