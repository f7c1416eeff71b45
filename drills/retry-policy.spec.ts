import { answerLabel, isRetryable, outcomeLabel, retryAfterMsOf, retryDelayMs } from './retry-policy';

describe('a careful merchant retry policy', () => {
  it('retries what may still succeed: no answer, 5xx, 429 and a key still in use', () => {
    expect(isRetryable({ failure: 'timeout' })).toBe(true);
    expect(isRetryable({ failure: 'connection_error' })).toBe(true);
    expect(isRetryable({ status: 503, code: 'service_unavailable' })).toBe(true);
    expect(isRetryable({ status: 500, code: 'internal_error' })).toBe(true);
    expect(isRetryable({ status: 429, code: 'rate_limit_exceeded' })).toBe(true);
    expect(isRetryable({ status: 409, code: 'idempotency_key_in_use' })).toBe(true);
  });

  it('takes any other answer as final', () => {
    expect(isRetryable({ status: 201 })).toBe(false);
    expect(isRetryable({ status: 409, code: 'quote_already_used' })).toBe(false);
    expect(isRetryable({ status: 400, code: 'parameter_invalid' })).toBe(false);
    expect(isRetryable({ status: 422, code: 'idempotency_key_reused' })).toBe(false);
  });

  it('backs off exponentially from 250 ms to at most 5 s, with jitter in the upper half', () => {
    expect(retryDelayMs(0, undefined, () => 0)).toBe(125);
    expect(retryDelayMs(0, undefined, () => 1)).toBe(250);
    expect(retryDelayMs(2, undefined, () => 1)).toBe(1000);
    expect(retryDelayMs(10, undefined, () => 0)).toBe(2500);
    expect(retryDelayMs(10, undefined, () => 1)).toBe(5000);
  });

  it('never retries sooner than the Retry-After the server asked for', () => {
    expect(retryDelayMs(0, 2000, () => 1)).toBe(2000);
    expect(retryDelayMs(10, 2000, () => 1)).toBe(5000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterMsOf('2')).toBe(2000);
    expect(retryAfterMsOf(' 0 ')).toBe(0);
    expect(retryAfterMsOf('Fri, 27 Nov 2026 02:00:03 GMT', Date.parse('2026-11-27T02:00:00Z'))).toBe(3000);
    expect(retryAfterMsOf('Fri, 27 Nov 2026 02:00:00 GMT', Date.parse('2026-11-27T02:00:09Z'))).toBe(0);
    expect(retryAfterMsOf(undefined)).toBeUndefined();
    expect(retryAfterMsOf('soon')).toBeUndefined();
  });

  it('labels outcomes for the status histogram', () => {
    expect(outcomeLabel({ status: 201 })).toBe('201');
    expect(outcomeLabel({ failure: 'timeout' })).toBe('timeout');
    expect(answerLabel({ status: 409, code: 'quote_already_used' })).toBe('409 quote_already_used');
    expect(answerLabel({ failure: 'connection_error' })).toBe('connection_error');
  });
});
