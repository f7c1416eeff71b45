import { SIGNATURE_HEADER, signPayload } from '@sdd/signing';
import { failureReason } from '../api/failure-reason';

/** As long as a real endpoint gets (README, Verifying webhooks). */
const FORWARD_TIMEOUT_MS = 10_000;

export interface ForwardResult {
  status: number | null;
  durationMs: number;
  error?: string;
}

/**
 * POSTs one event's envelope, byte for byte as the stream carried it, to the
 * local URL, signed as webhooks are (`Service-Signature: t=…,v1=…`) with the
 * CLI's session secret.
 */
export async function forwardEvent(url: string, secret: string, rawBody: string, now: () => number = Date.now): Promise<ForwardResult> {
  const startedAt = now();
  const timestamp = Math.floor(startedAt / 1000);
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': 'sameday-cli', [SIGNATURE_HEADER]: signPayload(secret, rawBody, timestamp) },
      body: rawBody,
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status, durationMs: now() - startedAt };
  } catch (error) {
    return { status: null, durationMs: now() - startedAt, error: failureReason(error) };
  }
}
