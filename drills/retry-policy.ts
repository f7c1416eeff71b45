import { doublingDelayMs } from '@sdd/common';

/** What one HTTP request came to: a status (and the error code, if any), or no answer at all. */
export type Outcome = { status: number; code?: string } | { failure: 'timeout' | 'connection_error' };

const FIRST_DELAY_MS = 250;
const MAX_DELAY_MS = 5000;

/** How the status histogram names an outcome: `201`, `503`, `timeout`, `connection_error`. */
export function outcomeLabel(outcome: Outcome): string {
  return 'status' in outcome ? String(outcome.status) : outcome.failure;
}

/** An outcome with its error code, e.g. `409 quote_already_used`, for the list of requests never accepted. */
export function answerLabel(outcome: Outcome): string {
  return 'status' in outcome && outcome.code ? `${outcome.status} ${outcome.code}` : outcomeLabel(outcome);
}

/**
 * What a careful merchant retries with the same Idempotency-Key: no answer,
 * any 5xx, 429, and 409 `idempotency_key_in_use` (the first attempt is still
 * running). Anything else is the request's final answer.
 */
export function isRetryable(outcome: Outcome): boolean {
  if (!('status' in outcome)) return true;
  return outcome.status >= 500 || outcome.status === 429 || (outcome.status === 409 && outcome.code === 'idempotency_key_in_use');
}

/**
 * Exponential backoff with jitter (half fixed, half random), capped: retry
 * `attempt` (0-based); never sooner than the server's Retry-After, as every
 * HTTP client that honours it waits (the SDKs of Stripe and our own): a
 * refusal under load asks for exactly that pause.
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined = undefined, random: () => number = Math.random): number {
  const ceiling = doublingDelayMs(attempt, FIRST_DELAY_MS, MAX_DELAY_MS);
  return Math.max(Math.round(ceiling / 2 + (ceiling / 2) * random()), retryAfterMs ?? 0);
}

/** A Retry-After header's wait in ms: delay-seconds or an HTTP date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMsOf(header: string | undefined, now = Date.now()): number | undefined {
  if (header === undefined) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
