import type { OpsNotificationPage, OpsNotificationRecord } from '@sdd/contracts';
import type { OpsNotificationListResource, OpsNotificationResource } from './ops-notification.resource';

export function presentOpsNotification(notification: OpsNotificationRecord): OpsNotificationResource {
  return {
    id: notification.id,
    delivery_id: notification.deliveryId,
    merchant_id: notification.merchantId,
    mode: notification.mode,
    step: notification.step,
    recipient: notification.recipient,
    status: notification.status,
    attempts: notification.attempts,
    retries: notification.retries,
    last_error: notification.lastError,
    failed_at: notification.failedAt,
    sent_at: notification.sentAt,
    created_at: notification.createdAt,
  };
}

export function presentOpsNotificationList(page: OpsNotificationPage): OpsNotificationListResource {
  return { data: page.data.map(presentOpsNotification), has_more: page.hasMore, next_cursor: page.nextCursor };
}
