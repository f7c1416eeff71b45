import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { ListOpsNotificationsRequest, NotificationRef, OpsNotificationPage, OpsNotificationRecord, Pattern } from '@sdd/contracts';
import { ListOpsNotificationsHandler } from './list-ops-notifications.handler';
import { RetryNotificationHandler } from './retry-notification.handler';

/** The operators' view of recipient notifications, across merchants. */
@Controller()
export class OpsNotificationsController {
  constructor(
    private readonly listNotifications: ListOpsNotificationsHandler,
    private readonly retryNotification: RetryNotificationHandler,
  ) {}

  @BusHandler(Pattern.ListOpsNotifications)
  list(@Payload() request: ListOpsNotificationsRequest): Promise<OpsNotificationPage> {
    return this.listNotifications.execute(request);
  }

  @BusHandler(Pattern.RetryNotification)
  retry(@Payload() request: NotificationRef): Promise<OpsNotificationRecord> {
    return this.retryNotification.execute(request);
  }
}
