import { randomUUID } from 'node:crypto';
import { SameDayConnectionError } from '../errors/same-day-error';
import { parseRetryAfter } from './retry-after';
import { AttemptOutcome, isRetryable, retryDelayMs, RetryPolicy } from './retry-policy';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** What the `onRetry` option hears before each retry. */
export interface RetryNotice {
  method: string;
  url: string;
  /** The attempt that failed (1 for the first). */
  attempt: number;
  /** The HTTP status it got, or undefined when it got no answer. */
  status: number | undefined;
  /** How long the SDK waits before the next attempt. */
  waitMs: number;
  /** The key every attempt of this call carries, when it has one. */
  idempotencyKey: string | undefined;
}

export type FetchFunction = (input: Request, init?: RequestInit) => Promise<Response>;

export interface RetryingFetchOptions {
  policy: RetryPolicy;
  /** Per attempt. */
  timeoutMs: number;
  /** Looked up on each call by default, so a fetch installed later (instrumentation, tests) is used. */
  fetch?: FetchFunction;
  onRetry?: (notice: RetryNotice) => void;
  /** Seams for tests. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  random?: () => number;
  newIdempotencyKey?: () => string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function errorCodeOf(response: Response): Promise<string | undefined> {
  const body = (await response
    .clone()
    .json()
    .catch(() => undefined)) as { error?: { code?: unknown } } | undefined;
  return typeof body?.error?.code === 'string' ? body.error.code : undefined;
}

/**
 * The fetch the generated client sends through: every POST gets an Idempotency-Key unless the
 * caller gave one (the same key on every attempt of the call), and an attempt whose outcome
 * `isRetryable` is sent again after `retryDelayMs`. The last answer is returned as it is, an
 * error answer included; only when no attempt got an answer does it throw SameDayConnectionError.
 */
export function retryingFetch(options: RetryingFetchOptions): FetchFunction {
  const { policy, timeoutMs, onRetry, sleep = defaultSleep, now = Date.now, random = Math.random, newIdempotencyKey = randomUUID } = options;
  return async (request) => {
    const send = options.fetch ?? globalThis.fetch;
    const method = request.method.toUpperCase();
    if (method === 'POST' && !request.headers.has(IDEMPOTENCY_KEY_HEADER)) request.headers.set(IDEMPOTENCY_KEY_HEADER, newIdempotencyKey());
    const idempotencyKey = request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? undefined;
    for (let attempt = 1; ; attempt++) {
      let response: Response | undefined;
      let failure: unknown;
      let outcome: AttemptOutcome;
      try {
        response = await send(request.clone(), { signal: AbortSignal.timeout(timeoutMs) });
        const code = response.status === 409 ? await errorCodeOf(response) : undefined;
        outcome = { kind: 'response', status: response.status, code, retryAfterMs: parseRetryAfter(response.headers.get('retry-after'), now()) };
      } catch (error) {
        failure = error;
        outcome = { kind: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'network_error' };
      }
      const waitMs = isRetryable(outcome, method, idempotencyKey !== undefined)
        ? retryDelayMs(attempt, outcome.kind === 'response' ? outcome.retryAfterMs : undefined, policy, random)
        : undefined;
      if (waitMs === undefined) {
        if (response) return response;
        const reason = failure instanceof Error ? failure.message : String(failure);
        throw new SameDayConnectionError(`${method} ${request.url}: no answer after ${attempt} attempt(s) (${reason})`, { cause: failure });
      }
      // Frees the connection of an answer nobody reads.
      await response?.body?.cancel();
      onRetry?.({ method, url: request.url, attempt, status: response?.status, waitMs, idempotencyKey });
      await sleep(waitMs);
    }
  };
}
