import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { PickupLocationEntity } from '../locations/pickup-location.entity';
import { OutboxModule } from '../outbox/outbox.module';
import { TasksModule } from '../tasks.module';
import { TimelineModule } from '../timeline/timeline.module';
import { AdvanceDeliveryHandler } from './advance-delivery.handler';
import { CancelDeliveryHandler } from './cancel-delivery.handler';
import { PreviewCancellationHandler } from './preview-cancellation.handler';
import { CountRecentDeliveriesHandler } from './count-recent-deliveries.handler';
import { CreateDeliveryHandler } from './create-delivery.handler';
import { DeliveriesController } from './deliveries.controller';
import { DeliveryEntity } from './delivery.entity';
import { GetDeliveryHandler } from './get-delivery.handler';
import { GetPublicTrackingHandler } from './get-public-tracking.handler';
import { GetTrackingHandler } from './get-tracking.handler';
import { ListDeliveriesHandler } from './list-deliveries.handler';

/** The merchant's deliveries: create, read, track, cancel, and the test helper that advances one. */
@Module({
  imports: [TypeOrmModule.forFeature([DeliveryEntity, PickupLocationEntity]), LifecycleModule, OutboxModule, TimelineModule, TasksModule],
  controllers: [DeliveriesController],
  providers: [
    CreateDeliveryHandler,
    GetDeliveryHandler,
    ListDeliveriesHandler,
    CancelDeliveryHandler,
    PreviewCancellationHandler,
    AdvanceDeliveryHandler,
    GetTrackingHandler,
    GetPublicTrackingHandler,
    CountRecentDeliveriesHandler,
    { provide: CLOCK, useValue: systemClock },
  ],
  // Operators cancel a merchant's delivery through the merchant's own cancellation (operations/).
  exports: [CancelDeliveryHandler],
})
export class DeliveriesModule {}
