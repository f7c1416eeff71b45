import { Inject, Injectable } from '@nestjs/common';
import { ErrorType, NotificationRef, OpsNotificationRecord, operatorRetryOutcome } from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { NotificationRepository, OperatorNotificationRow } from './notification.repository';
import { toOpsNotificationRecord } from './ops-notification.record';

/**
 * POST /v1/ops/notifications/{id}/retry: a failed notification is sent at
 * RecipientNotificationTask's next pass; sent again before that pass, it
 * changes nothing.
 */
@Injectable()
export class RetryNotificationHandler {
  constructor(
    private readonly notifications: NotificationRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ notificationId }: NotificationRef): Promise<OpsNotificationRecord> {
    const notification = await this.find(notificationId);
    const outcome = operatorRetryOutcome(notification);
    if (outcome === 'not_failed') {
      throw new AppError(409, ErrorType.InvalidRequest, 'notification_not_failed', `This notification is ${notification.status}: only a failed one can be retried.`);
    }
    if (outcome === 'requeue') await this.notifications.requeueFailed(notificationId, this.clock.now());
    return toOpsNotificationRecord(await this.find(notificationId));
  }

  private async find(id: string): Promise<OperatorNotificationRow> {
    const notification = await this.notifications.findForOperators(id);
    if (!notification) throw AppError.notFound(`No such notification: '${id}'.`, 'id');
    return notification;
  }
}
