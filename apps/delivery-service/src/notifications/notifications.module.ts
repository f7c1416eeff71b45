import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { ListOpsNotificationsHandler } from './list-ops-notifications.handler';
import { NotificationRepository } from './notification.repository';
import { OpsNotificationsController } from './ops-notifications.controller';
import { RetryNotificationHandler } from './retry-notification.handler';

/** The recipients' emails, recorded with the status changes they tell of (RecipientNotificationTask sends them); operators list and retry those that failed. */
@Module({
  controllers: [OpsNotificationsController],
  providers: [NotificationRepository, ListOpsNotificationsHandler, RetryNotificationHandler, { provide: CLOCK, useValue: systemClock }],
  exports: [NotificationRepository],
})
export class NotificationsModule {}
