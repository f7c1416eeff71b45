import { PaymentRecord } from '@sdd/contracts';
import { checkoutRefundIdempotencyKey, keyOfRound, moneyMovementFor, movementIdempotencyKey, movementRetryDelayMs, refundStatusOf } from './money-movement';

const payment: PaymentRecord = {
  status: 'paid',
  checkoutId: 'chk_1',
  paymentIntentId: 'pi_1',
  amountCharged: 3499,
  itemsSubtotal: 2500,
  serviceFee: 250,
  developerNet: 2250,
  feeRatePercent: 10,
};

describe('moneyMovementFor', () => {
  it('transfers the net on delivered, refunds everything on cancelled, the items on failed or returned, each with its reason', () => {
    expect(moneyMovementFor('delivery.delivered', payment)).toEqual({ kind: 'transfer', amount: 2250, reason: null });
    expect(moneyMovementFor('delivery.cancelled', payment)).toEqual({ kind: 'refund', amount: 3499, reason: 'delivery_cancelled' });
    expect(moneyMovementFor('delivery.failed', payment)).toEqual({ kind: 'refund', amount: 2500, reason: 'delivery_failed' });
    expect(moneyMovementFor('delivery.returned', payment)).toEqual({ kind: 'refund', amount: 2500, reason: 'delivery_returned' });
  });

  it('moves nothing for other events or a zero amount', () => {
    expect(moneyMovementFor('delivery.picked_up', payment)).toBeNull();
    const deliveryOnly = { ...payment, amountCharged: 999, itemsSubtotal: 0, serviceFee: 0, developerNet: 0 };
    expect(moneyMovementFor('delivery.delivered', deliveryOnly)).toBeNull();
    expect(moneyMovementFor('delivery.failed', deliveryOnly)).toBeNull();
    expect(moneyMovementFor('delivery.cancelled', deliveryOnly)).toEqual({ kind: 'refund', amount: 999, reason: 'delivery_cancelled' });
    expect(moneyMovementFor('delivery.refunded', payment)).toBeNull();
  });
});

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
