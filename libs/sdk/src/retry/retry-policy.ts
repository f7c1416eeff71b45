/** The client's `retry` option: how often and how long the SDK retries one call. */
export interface RetryOptions {
  /** Attempts per call, the first included (default 3); 1 turns retries off. */
  maxAttempts?: number;
  /**
   * The longest the SDK waits before one retry, in milliseconds (default 60 000: the rate limit's
   * window is a minute). A `Retry-After` asking for longer is not waited out: the error is thrown.
   */
  maxWaitMs?: number;
  /** The first backoff when the answer says nothing about when to retry; doubled on each retry (default 500). */
  initialDelayMs?: number;
}

export type RetryPolicy = Required<RetryOptions>;

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxAttempts: 3, maxWaitMs: 60_000, initialDelayMs: 500 };

export function retryPolicy(options: RetryOptions = {}): RetryPolicy {
  const policy = { ...DEFAULT_RETRY_POLICY, ...options };
  if (!Number.isInteger(policy.maxAttempts) || policy.maxAttempts < 1) throw new RangeError('retry.maxAttempts must be an integer of at least 1');
  if (!(policy.maxWaitMs >= 0) || !(policy.initialDelayMs >= 0)) throw new RangeError('retry.maxWaitMs and retry.initialDelayMs must be 0 or more');
  return policy;
}

/** What came back from one attempt, as far as the decision to retry needs it. */
export type AttemptOutcome = { kind: 'response'; status: number; code?: string; retryAfterMs?: number } | { kind: 'network_error' } | { kind: 'timeout' };

const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);

/**
 * Whether an attempt's outcome may be retried. A 429 was refused before anything ran, and a 409
 * `idempotency_key_in_use` means an earlier attempt with the same key is still running: both always.
 * A 503, a network error or a timeout may have done the work: only for a request that can be
 * replayed, an idempotent method or one carrying an Idempotency-Key.
 */
export function isRetryable(outcome: AttemptOutcome, method: string, keyed: boolean): boolean {
  const replayable = keyed || IDEMPOTENT_METHODS.has(method.toUpperCase());
  if (outcome.kind !== 'response') return replayable;
  if (outcome.status === 429) return true;
  if (outcome.status === 409) return outcome.code === 'idempotency_key_in_use';
  return outcome.status === 503 && replayable;
}

/**
 * How long to wait before attempt `attempt + 1`, or undefined to stop: no attempts left, or the
 * server asked for a longer wait than the policy allows. `Retry-After` is honoured as given;
 * without it the wait doubles from `initialDelayMs` (capped by `maxWaitMs`), with jitter
 * (half to all of it) so that clients refused together do not come back together.
 */
export function retryDelayMs(attempt: number, retryAfterMs: number | undefined, policy: RetryPolicy, random: () => number = Math.random): number | undefined {
  if (attempt >= policy.maxAttempts) return undefined;
  if (retryAfterMs !== undefined) return retryAfterMs <= policy.maxWaitMs ? retryAfterMs : undefined;
  const backoff = Math.min(policy.maxWaitMs, policy.initialDelayMs * 2 ** (attempt - 1));
  return Math.round(backoff * (0.5 + random() / 2));
}
