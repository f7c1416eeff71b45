import type { PayoutRecord, PayoutRecordPage } from '@sdd/contracts';
import type { PayoutListResource, PayoutResource } from './payout.resource';

export function presentPayout(payout: PayoutRecord): PayoutResource {
  return {
    id: payout.id,
    delivery_id: payout.deliveryId,
    checkout_id: payout.checkoutId,
    amount: payout.amount,
    currency: payout.currency,
    status: payout.status,
    transfer_id: payout.transferId,
    created_at: payout.createdAt,
  };
}

export function presentPayoutList(page: PayoutRecordPage): PayoutListResource {
  return { data: page.data.map(presentPayout), has_more: page.hasMore, next_cursor: page.nextCursor };
}
