import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { NotificationsModule } from '../notifications/notifications.module';
import { OutboxModule } from '../outbox/outbox.module';
import { DeliveryStatusRepository } from './delivery-status.repository';
import { TransitionDeliveryHandler } from './transition-delivery.handler';

/** A delivery's life: the state machine and test plan (pure, beside), the one writer of its status, and the move every status change takes. */
@Module({
  imports: [TypeOrmModule.forFeature([DeliveryEntity]), OutboxModule, NotificationsModule],
  providers: [DeliveryStatusRepository, TransitionDeliveryHandler, { provide: CLOCK, useValue: systemClock }],
  exports: [DeliveryStatusRepository, TransitionDeliveryHandler],
})
export class LifecycleModule {}
