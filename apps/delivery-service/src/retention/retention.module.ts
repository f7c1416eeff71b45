import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboxModule } from '../outbox/outbox.module';
import { RetentionPurger } from './retention.purger';

/** Bounds the tables that grow with every delivery but are not its record. */
@Module({ imports: [OutboxModule, NotificationsModule], providers: [RetentionPurger, { provide: CLOCK, useValue: systemClock }] })
export class RetentionModule {}
