import { EventType } from '../events';
import type { MoneyMovementKind } from '../ops-failures/ops-failures';
import type { PaymentRecord, RefundReason } from './payments';

/** The parts of what a customer paid for a delivery: the items (the service fee is a share of them) and the delivery fee. */
export interface PaymentParts {
  itemsSubtotal: number;
  deliveryFee: number;
}

/** How an end of a delivery splits its payment: what goes back to the customer, what is kept, and why. */
export interface PaymentSplit {
  refunded: PaymentParts;
  kept: PaymentParts;
  reason: RefundReason;
}

export interface MoneyMovementPlan {
  kind: MoneyMovementKind;
  amount: number;
  /** Why a refund is made; null for a transfer. */
  reason: RefundReason | null;
}

/**
 * Which parts of the payment an end of a delivery gives back (decisions.md,
 * Money). Cancelled: everything (no trip was made). Failed, or returned to the
 * pickup: the items (they stay with, or go back to, the merchant); the
 * delivery fee is kept, the trip was made.
 */
const REFUNDS: Readonly<Partial<Record<string, { reason: RefundReason; parts: readonly (keyof PaymentParts)[] }>>> = {
  [EventType.DeliveryCancelled]: { reason: 'delivery_cancelled', parts: ['itemsSubtotal', 'deliveryFee'] },
  [EventType.DeliveryFailed]: { reason: 'delivery_failed', parts: ['itemsSubtotal'] },
  [EventType.DeliveryReturned]: { reason: 'delivery_returned', parts: ['itemsSubtotal'] },
};

/** What the customer paid, by part: the delivery fee is what the processor charged beyond the items. */
export function paymentParts(payment: PaymentRecord): PaymentParts {
  return { itemsSubtotal: payment.itemsSubtotal, deliveryFee: payment.amountCharged - payment.itemsSubtotal };
}

/** How the event splits the payment; null for an event that refunds nothing. */
export function paymentSplitFor(eventType: string, payment: PaymentRecord): PaymentSplit | null {
  const rule = REFUNDS[eventType];
  if (!rule) return null;
  const paid = paymentParts(payment);
  const part = (name: keyof PaymentParts, refunded: boolean) => (rule.parts.includes(name) === refunded ? paid[name] : 0);
  return {
    refunded: { itemsSubtotal: part('itemsSubtotal', true), deliveryFee: part('deliveryFee', true) },
    kept: { itemsSubtotal: part('itemsSubtotal', false), deliveryFee: part('deliveryFee', false) },
    reason: rule.reason,
  };
}

/** The sum of the parts. */
export function amountOf(parts: PaymentParts): number {
  return parts.itemsSubtotal + parts.deliveryFee;
}

/**
 * The money a delivery event moves. Delivered: the developer_net goes to the
 * merchant's connected account. Cancelled, failed, returned: the refund of
 * paymentSplitFor, nothing transferred. Nothing moves for a zero amount, or
 * for any other event.
 */
export function moneyMovementFor(eventType: string, payment: PaymentRecord): MoneyMovementPlan | null {
  const split = paymentSplitFor(eventType, payment);
  const plan: MoneyMovementPlan | null =
    eventType === EventType.DeliveryDelivered
      ? { kind: 'transfer', amount: payment.developerNet, reason: null }
      : split
        ? { kind: 'refund', amount: amountOf(split.refunded), reason: split.reason }
        : null;
  return plan && plan.amount > 0 ? plan : null;
}
