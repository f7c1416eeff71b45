import { DELIVERY_STATUSES, PaymentRecord } from '@sdd/contracts';
import { cancellationPreview, cancelRefusal } from './cancellation-preview';

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

const delivery = (status: (typeof DELIVERY_STATUSES)[number], paid: PaymentRecord | null = payment) => ({ id: 'del_1', status, currency: 'cad', payment: paid });

describe('cancelRefusal', () => {
  it('lets created, pending and cancelled through, refuses in-progress with delivery_in_progress and ended with delivery_not_cancellable', () => {
    expect(DELIVERY_STATUSES.map((status) => [status, cancelRefusal(status)?.code ?? null])).toEqual([
      ['created', null],
      ['pending', null],
      ['driver_assigned', 'delivery_in_progress'],
      ['driver_at_pickup', 'delivery_in_progress'],
      ['picked_up', 'delivery_in_progress'],
      ['in_transit', 'delivery_in_progress'],
      ['delivered', 'delivery_not_cancellable'],
      ['cancelled', null],
      ['failed', 'delivery_not_cancellable'],
      ['returned', 'delivery_not_cancellable'],
    ]);
  });
});

describe('cancellationPreview', () => {
  it('refunds everything of a paid delivery not yet started: items (with the service fee in them) and delivery fee, nothing kept, no driver paid', () => {
    expect(cancellationPreview(delivery('pending'))).toEqual({
      deliveryId: 'del_1',
      status: 'pending',
      allowed: true,
      refusal: null,
      currency: 'cad',
      refund: { amount: 3499, itemsSubtotal: 2500, deliveryFee: 999, serviceFee: 250, reason: 'delivery_cancelled' },
      kept: { amount: 0, itemsSubtotal: 0, deliveryFee: 0, serviceFee: 0, driverCompensation: 0 },
    });
  });

  it("moves no money for a refused cancel, a second cancel, or a delivery without a payment, and names the refusal's error", () => {
    const started = cancellationPreview(delivery('picked_up'));
    expect(started).toMatchObject({ allowed: false, refund: null, kept: null, refusal: { status: 409, code: 'delivery_in_progress' } });
    expect(cancellationPreview(delivery('delivered'))).toMatchObject({ allowed: false, refund: null, refusal: { code: 'delivery_not_cancellable' } });
    expect(cancellationPreview(delivery('cancelled'))).toMatchObject({ allowed: true, refusal: null, refund: null, kept: null });
    expect(cancellationPreview(delivery('created', null))).toMatchObject({ allowed: true, refund: null, kept: null });
    const nothingCharged = { ...payment, amountCharged: 0, itemsSubtotal: 0, serviceFee: 0, developerNet: 0 };
    expect(cancellationPreview(delivery('created', nothingCharged))).toMatchObject({ allowed: true, refund: null, kept: null });
  });
});
