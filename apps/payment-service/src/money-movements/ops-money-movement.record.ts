import type { OpsMoneyMovementRecord } from '@sdd/contracts';
import { MoneyMovementEntity } from './money-movement.entity';

/** A movement as operators see it (GET /v1/ops/money_movements). */
export function toOpsMoneyMovementRecord(movement: MoneyMovementEntity): OpsMoneyMovementRecord {
  return {
    id: movement.id,
    merchantId: movement.merchantId,
    mode: movement.mode,
    kind: movement.kind,
    amount: movement.amount,
    currency: movement.currency,
    status: movement.status,
    reason: movement.reason,
    deliveryId: movement.deliveryId,
    checkoutId: movement.checkoutId,
    processorId: movement.processorId,
    attempts: movement.attempts,
    retries: movement.retries,
    lastError: movement.lastError,
    failedAt: movement.failedAt?.toISOString() ?? null,
    createdAt: movement.createdAt.toISOString(),
  };
}
