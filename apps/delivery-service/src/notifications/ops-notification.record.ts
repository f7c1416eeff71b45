import type { OpsNotificationRecord } from '@sdd/contracts';
import { maskEmail } from './masked-email';
import { OperatorNotificationRow } from './notification.repository';

/** A notification as operators see it (GET /v1/ops/notifications): the address masked, nothing else of the recipient. */
export function toOpsNotificationRecord(row: OperatorNotificationRow): OpsNotificationRecord {
  return {
    id: row.id,
    deliveryId: row.delivery_id,
    merchantId: row.merchant_id,
    mode: row.mode,
    step: row.step,
    recipient: maskEmail(row.recipient),
    status: row.status,
    attempts: row.attempts,
    retries: row.retries,
    lastError: row.last_error,
    failedAt: row.failed_at?.toISOString() ?? null,
    sentAt: row.sent_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}
