import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { APP_CONFIG, MAILER, mailerFor } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { NotificationRepository } from './notification.repository';
import { NotificationSender } from './notification.sender';

/** The recipients' emails: recorded with the status changes they tell of, sent afterwards. */
@Module({
  providers: [
    NotificationSender,
    NotificationRepository,
    { provide: MAILER, inject: [APP_CONFIG], useFactory: (config: DeliveryServiceConfig) => mailerFor(config) },
    { provide: CLOCK, useValue: systemClock },
  ],
  exports: [NotificationRepository],
})
export class NotificationsModule {}
