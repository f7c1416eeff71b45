import { PaymentRecord } from './payments';
import { moneyMovementFor, paymentSplitFor } from './delivery-money';

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

describe('paymentSplitFor', () => {
  it('gives everything back on cancelled, the items on failed or returned (the delivery fee kept), nothing on other events', () => {
    expect(paymentSplitFor('delivery.cancelled', payment)).toEqual({
      refunded: { itemsSubtotal: 2500, deliveryFee: 999 },
      kept: { itemsSubtotal: 0, deliveryFee: 0 },
      reason: 'delivery_cancelled',
    });
    expect(paymentSplitFor('delivery.failed', payment)).toEqual({
      refunded: { itemsSubtotal: 2500, deliveryFee: 0 },
      kept: { itemsSubtotal: 0, deliveryFee: 999 },
      reason: 'delivery_failed',
    });
    expect(paymentSplitFor('delivery.returned', payment)?.kept).toEqual({ itemsSubtotal: 0, deliveryFee: 999 });
    expect(paymentSplitFor('delivery.delivered', payment)).toBeNull();
  });
});
