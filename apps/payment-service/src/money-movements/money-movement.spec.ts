import { checkoutRefundIdempotencyKey, keyOfRound, movementIdempotencyKey, movementRetryDelayMs, refundStatusOf } from './money-movement';

describe('movementIdempotencyKey', () => {
  it('depends on the kind and the delivery only', () => {
    expect(movementIdempotencyKey('transfer', 'del_test_a')).toBe(movementIdempotencyKey('transfer', 'del_test_a'));
    expect(movementIdempotencyKey('transfer', 'del_test_a')).not.toBe(movementIdempotencyKey('refund', 'del_test_a'));
    expect(movementIdempotencyKey('transfer', 'del_test_a')).not.toBe(movementIdempotencyKey('transfer', 'del_test_b'));
  });
});

describe('checkoutRefundIdempotencyKey', () => {
  it('is per checkout and never a delivery refund key', () => {
    expect(checkoutRefundIdempotencyKey('chk_a')).not.toBe(checkoutRefundIdempotencyKey('chk_b'));
    expect(checkoutRefundIdempotencyKey('chk_a')).not.toBe(movementIdempotencyKey('refund', 'chk_a'));
  });
});

describe('refundStatusOf', () => {
  it('calls a made refund succeeded', () => {
    expect(['pending', 'paid', 'failed'].map((s) => refundStatusOf(s as never))).toEqual(['pending', 'succeeded', 'failed']);
  });
});

describe('movementRetryDelayMs', () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [5, 80_000],
    [8, 600_000],
    [30, 600_000],
  ])('after %i attempts waits %i ms', (attempts, delay) => {
    expect(movementRetryDelayMs(attempts)).toBe(delay);
  });
});

describe('keyOfRound', () => {
  it('keeps the first round on the key it always had, and gives each retry a key of its own', () => {
    expect(keyOfRound('transfer:del_1', { retries: 0 })).toBe('transfer:del_1');
    expect(keyOfRound('transfer:del_1', { retries: 1 })).toBe('transfer:del_1:retry-1');
    expect(keyOfRound('transfer:del_1', { retries: 2 })).not.toBe(keyOfRound('transfer:del_1', { retries: 1 }));
  });
});
