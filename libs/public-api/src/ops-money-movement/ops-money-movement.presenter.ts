import type { OpsMoneyMovementPage, OpsMoneyMovementRecord } from '@sdd/contracts';
import type { OpsMoneyMovementListResource, OpsMoneyMovementResource } from './ops-money-movement.resource';

export function presentOpsMoneyMovement(movement: OpsMoneyMovementRecord): OpsMoneyMovementResource {
  return {
    id: movement.id,
    merchant_id: movement.merchantId,
    mode: movement.mode,
    kind: movement.kind,
    amount: movement.amount,
    currency: movement.currency,
    status: movement.status,
    reason: movement.reason,
    delivery_id: movement.deliveryId,
    checkout_id: movement.checkoutId,
    processor_id: movement.processorId,
    attempts: movement.attempts,
    retries: movement.retries,
    last_error: movement.lastError,
    failed_at: movement.failedAt,
    created_at: movement.createdAt,
  };
}

export function presentOpsMoneyMovementList(page: OpsMoneyMovementPage): OpsMoneyMovementListResource {
  return { data: page.data.map(presentOpsMoneyMovement), has_more: page.hasMore, next_cursor: page.nextCursor };
}
