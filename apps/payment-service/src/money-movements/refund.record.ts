import type { RefundReason, RefundRecord } from '@sdd/contracts';
import { refundStatusOf } from './money-movement';
import { MoneyMovementEntity } from './money-movement.entity';

/** A refund movement as payment-service answers for it (GET /v1/refunds, a checkout's refunds, a delivery's refund). */
export function toRefundRecord(movement: MoneyMovementEntity): RefundRecord {
  return {
    id: movement.id,
    deliveryId: movement.deliveryId,
    checkoutId: movement.checkoutId,
    amount: movement.amount,
    currency: movement.currency,
    // Every refund row has its reason (written with it, or given one by migration 1765540000000); only transfers have none.
    reason: movement.reason as RefundReason,
    status: refundStatusOf(movement.status),
    processorRefundId: movement.processorId,
    createdAt: movement.createdAt.toISOString(),
  };
}
