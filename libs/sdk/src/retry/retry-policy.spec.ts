import { DEFAULT_RETRY_POLICY, isRetryable, retryDelayMs, retryPolicy } from './retry-policy';

describe('isRetryable', () => {
  it('retries a 429 whatever the request', () => {
    expect(isRetryable({ kind: 'response', status: 429 }, 'POST', false)).toBe(true);
    expect(isRetryable({ kind: 'response', status: 429 }, 'GET', false)).toBe(true);
  });

  it('retries a 409 only while the same key is in use', () => {
    expect(isRetryable({ kind: 'response', status: 409, code: 'idempotency_key_in_use' }, 'POST', true)).toBe(true);
    expect(isRetryable({ kind: 'response', status: 409, code: 'delivery_in_progress' }, 'POST', true)).toBe(false);
  });

  it('retries a 503, a network error or a timeout only for a request that can be replayed', () => {
    for (const outcome of [{ kind: 'response', status: 503 }, { kind: 'network_error' }, { kind: 'timeout' }] as const) {
      expect(isRetryable(outcome, 'GET', false)).toBe(true);
      expect(isRetryable(outcome, 'delete', false)).toBe(true);
      expect(isRetryable(outcome, 'POST', true)).toBe(true);
      expect(isRetryable(outcome, 'POST', false)).toBe(false);
      expect(isRetryable(outcome, 'PATCH', false)).toBe(false);
    }
  });

  it('does not retry other answers', () => {
    for (const status of [200, 201, 400, 401, 402, 404, 410, 422, 500, 502]) expect(isRetryable({ kind: 'response', status }, 'GET', true)).toBe(false);
  });
});

describe('retryDelayMs', () => {
  const policy = { maxAttempts: 4, maxWaitMs: 10_000, initialDelayMs: 500 };

  it('honours Retry-After as given, within the longest wait allowed', () => {
    expect(retryDelayMs(1, 2000, policy)).toBe(2000);
    expect(retryDelayMs(1, 0, policy)).toBe(0);
    expect(retryDelayMs(1, 10_000, policy)).toBe(10_000);
    expect(retryDelayMs(1, 10_001, policy)).toBeUndefined();
  });

  it('doubles the backoff on each attempt, with jitter between half and all of it, capped', () => {
    expect(retryDelayMs(1, undefined, policy, () => 1)).toBe(500);
    expect(retryDelayMs(1, undefined, policy, () => 0)).toBe(250);
    expect(retryDelayMs(2, undefined, policy, () => 1)).toBe(1000);
    expect(retryDelayMs(3, undefined, policy, () => 1)).toBe(2000);
    expect(retryDelayMs(3, undefined, { ...policy, maxAttempts: 20 }, () => 1)).toBe(2000);
    expect(retryDelayMs(10, undefined, { ...policy, maxAttempts: 20 }, () => 1)).toBe(10_000);
  });

  it('stops once the attempts are used up', () => {
    expect(retryDelayMs(4, undefined, policy)).toBeUndefined();
    expect(retryDelayMs(4, 0, policy)).toBeUndefined();
    expect(retryDelayMs(1, 0, { ...policy, maxAttempts: 1 })).toBeUndefined();
  });
});

describe('retryPolicy', () => {
  it('fills in the defaults and refuses nonsense', () => {
    expect(retryPolicy()).toEqual(DEFAULT_RETRY_POLICY);
    expect(retryPolicy({ maxAttempts: 5 })).toEqual({ ...DEFAULT_RETRY_POLICY, maxAttempts: 5 });
    expect(() => retryPolicy({ maxAttempts: 0 })).toThrow(RangeError);
    expect(() => retryPolicy({ maxAttempts: 1.5 })).toThrow(RangeError);
    expect(() => retryPolicy({ maxWaitMs: -1 })).toThrow(RangeError);
  });
});
