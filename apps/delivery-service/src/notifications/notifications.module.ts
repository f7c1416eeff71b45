import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { APP_CONFIG, MAILER, mailerFor } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { NotificationSender } from './notification.sender';

/** Sends the recipients' emails that status changes recorded. */
@Module({
  providers: [
    NotificationSender,
    { provide: MAILER, inject: [APP_CONFIG], useFactory: (config: DeliveryServiceConfig) => mailerFor(config) },
    { provide: CLOCK, useValue: systemClock },
  ],
})
export class NotificationsModule {}
