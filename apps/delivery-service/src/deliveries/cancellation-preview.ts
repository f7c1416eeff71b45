import { amountOf, CancellationPreviewRecord, DeliveryStatus, EventType, moneyMovementFor, PaymentParts, PaymentRecord, paymentSplitFor, PreviewAmounts } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { cancelOutcome } from '../lifecycle/delivery-status';
import { deliveryInProgress, deliveryNotCancellable } from './delivery-errors';

/** The error POST …/cancel answers for a delivery in this status; null when the cancel goes through (or was made already). */
export function cancelRefusal(status: DeliveryStatus): AppError | null {
  switch (cancelOutcome(status)) {
    case 'in_progress':
      return deliveryInProgress();
    case 'not_cancellable':
      return deliveryNotCancellable(status);
    case 'already_cancelled':
    case 'cancel':
      return null;
  }
}

/**
 * What cancelling now would do: cancelRefusal decides as the cancel does, and
 * the money is paymentSplitFor(delivery.cancelled), the rule payment-service
 * refunds by when the cancel's event reaches it. Only a cancel that moves the
 * delivery to `cancelled` emits that event: a refused one, or a second one,
 * refunds nothing. A cancel is allowed only before any driver is assigned and
 * driver pay is earned on delivery alone, so no driver is ever compensated.
 */
export function cancellationPreview(delivery: { id: string; status: DeliveryStatus; currency: string; payment: PaymentRecord | null }): CancellationPreviewRecord {
  const refusal = cancelRefusal(delivery.status);
  const { payment } = delivery;
  // moneyMovementFor is what payment-service records from the event: the split shows the refund it would make, or nothing when it makes none.
  const refunds = cancelOutcome(delivery.status) === 'cancel' && payment !== null && moneyMovementFor(EventType.DeliveryCancelled, payment) !== null;
  const split = refunds ? paymentSplitFor(EventType.DeliveryCancelled, payment) : null;
  const serviceFee = payment?.serviceFee ?? 0;
  return {
    deliveryId: delivery.id,
    status: delivery.status,
    allowed: refusal === null,
    refusal: refusal && { status: refusal.status, code: refusal.code, message: refusal.message },
    currency: delivery.currency,
    refund: split && { ...amounts(split.refunded, serviceFee), reason: split.reason },
    kept: split && { ...amounts(split.kept, serviceFee), driverCompensation: 0 },
  };
}

/** The service fee is part of the items: it goes where they go. */
function amounts(parts: PaymentParts, serviceFee: number): PreviewAmounts {
  return { amount: amountOf(parts), itemsSubtotal: parts.itemsSubtotal, deliveryFee: parts.deliveryFee, serviceFee: parts.itemsSubtotal > 0 ? serviceFee : 0 };
}
