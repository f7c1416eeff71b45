import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { PickupLocationEntity } from '../locations/pickup-location.entity';
import { OutboxEventEntity } from '../outbox/outbox-event.entity';
import { OutboxLagReporter } from '../outbox/outbox-lag.reporter';
import { OutboxRelay } from '../outbox/outbox-relay';
import { AdvanceDeliveryHandler } from './advance-delivery.handler';
import { CancelDeliveryHandler } from './cancel-delivery.handler';
import { CountRecentDeliveriesHandler } from './count-recent-deliveries.handler';
import { CreateDeliveryHandler } from './create-delivery.handler';
import { InsertDeliveryStatement } from './insert-delivery.statement';
import { DeliveriesController } from './deliveries.controller';
import { DeliveryEntity } from './delivery.entity';
import { GetDeliveryHandler } from './get-delivery.handler';
import { GetTrackingHandler } from './get-tracking.handler';
import { ListDeliveriesHandler } from './list-deliveries.handler';
import { TimelineProcessor } from './timeline.processor';
import { TimelineQueue } from './timeline.queue';
import { TimelineReconciler } from './timeline.reconciler';
import { TransitionDeliveryHandler } from './transition-delivery.handler';
import { DispatchController } from '../dispatch/dispatch.controller';
import { Dispatcher } from '../dispatch/dispatcher';
import { DriverReportHandler } from '../dispatch/driver-report.handler';
import { OfferEntity } from '../dispatch/offer.entity';
import { OffersHandler } from '../dispatch/offers.handler';
import { GetProofHandler } from '../dispatch/get-proof.handler';
import { AddProofPhotoHandler } from '../dispatch/add-proof-photo.handler';
import { RerouteHandler } from '../dispatch/reroute.handler';
import { NotificationSender } from '../notifications/notification.sender';
import { APP_CONFIG, MAILER, mailerFor } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DriverCertificationEntity } from '../drivers/driver-certification.entity';
import { DriverEntity } from '../drivers/driver.entity';
import { DriverPresenceHandler } from '../drivers/driver-presence.handler';
import { DriversController } from '../drivers/drivers.controller';
import { DriversStore } from '../drivers/drivers.store';
import { ManageDriversHandler } from '../drivers/manage-drivers.handler';
import { DriverStandingHandler } from '../drivers/driver-standing.handler';
import { RecordDeliveryRefundHandler } from '../refunds/record-delivery-refund.handler';
import { RefundsController } from '../refunds/refunds.controller';

@Module({
  imports: [TypeOrmModule.forFeature([DeliveryEntity, OutboxEventEntity, PickupLocationEntity, DriverEntity, DriverCertificationEntity, OfferEntity])],
  // Live dispatch shares the deliveries' transitions and outbox, so it lives in this module.
  controllers: [DeliveriesController, DriversController, DispatchController, RefundsController],
  providers: [
    CreateDeliveryHandler,
    InsertDeliveryStatement,
    GetDeliveryHandler,
    ListDeliveriesHandler,
    CancelDeliveryHandler,
    AdvanceDeliveryHandler,
    GetTrackingHandler,
    CountRecentDeliveriesHandler,
    TransitionDeliveryHandler,
    TimelineQueue,
    TimelineProcessor,
    TimelineReconciler,
    OutboxRelay,
    OutboxLagReporter,
    Dispatcher,
    DriversStore,
    ManageDriversHandler,
    DriverStandingHandler,
    DriverPresenceHandler,
    OffersHandler,
    DriverReportHandler,
    GetProofHandler,
    AddProofPhotoHandler,
    RerouteHandler,
    NotificationSender,
    RecordDeliveryRefundHandler,
    { provide: MAILER, inject: [APP_CONFIG], useFactory: (config: DeliveryServiceConfig) => mailerFor(config) },
    { provide: CLOCK, useValue: systemClock },
  ],
})
export class DeliveriesModule {}
