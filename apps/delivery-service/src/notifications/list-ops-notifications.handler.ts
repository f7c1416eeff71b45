import { Injectable } from '@nestjs/common';
import { ListOpsNotificationsRequest, OpsNotificationPage } from '@sdd/contracts';
import { cursorParam, toPage } from '@sdd/common';
import { NotificationRepository } from './notification.repository';
import { toOpsNotificationRecord } from './ops-notification.record';

/**
 * GET /v1/ops/notifications: every merchant's recipient emails, of one status
 * or all, newest first, keyset-paginated on (created_at, id). Operators only:
 * not scoped by merchant.
 */
@Injectable()
export class ListOpsNotificationsHandler {
  constructor(private readonly notifications: NotificationRepository) {}

  async execute({ status, limit, cursor }: ListOpsNotificationsRequest): Promise<OpsNotificationPage> {
    const rows = await this.notifications.listForOperators({ status, after: cursorParam(cursor, 'ntf'), limit: limit + 1 });
    const page = toPage(rows, limit, (row) => ({ createdAt: row.created_at, id: row.id }), toOpsNotificationRecord);
    return { data: page.data, hasMore: page.has_more, nextCursor: page.next_cursor };
  }
}
