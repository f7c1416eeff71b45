import { Module } from '@nestjs/common';
import { NotificationRepository } from './notification.repository';

/** The recipients' emails, recorded with the status changes they tell of (RecipientNotificationTask sends them). */
@Module({
  providers: [NotificationRepository],
  exports: [NotificationRepository],
})
export class NotificationsModule {}
