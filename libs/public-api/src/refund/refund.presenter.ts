import type { RefundRecord, RefundRecordPage } from '@sdd/contracts';
import type { RefundListResource, RefundResource } from './refund.resource';

export function presentRefund(refund: RefundRecord): RefundResource {
  return {
    id: refund.id,
    delivery_id: refund.deliveryId,
    checkout_id: refund.checkoutId,
    amount: refund.amount,
    currency: refund.currency,
    reason: refund.reason,
    status: refund.status,
    processor_refund_id: refund.processorRefundId,
    created_at: refund.createdAt,
  };
}

export function presentRefundList(page: RefundRecordPage): RefundListResource {
  return { data: page.data.map(presentRefund), has_more: page.hasMore, next_cursor: page.nextCursor };
}
