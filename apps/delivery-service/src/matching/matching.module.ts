import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { DriversModule } from '../drivers/drivers.module';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { OutboxModule } from '../outbox/outbox.module';
import { TasksModule } from '../tasks.module';
import { AcceptOfferHandler } from './accept-offer.handler';
import { AddProofPhotoHandler } from './add-proof-photo.handler';
import { AnswerRerouteHandler } from './answer-reroute.handler';
import { ChangeDriverStandingHandler } from './change-driver-standing.handler';
import { DeclineOfferHandler } from './decline-offer.handler';
import { DriverWithdrawal } from './driver-withdrawal';
import { GetProofHandler } from './get-proof.handler';
import { ListDriverReroutesHandler } from './list-driver-reroutes.handler';
import { ListOffersHandler } from './list-offers.handler';
import { MatchingController } from './matching.controller';
import { OfferEntity } from './offer.entity';
import { PostDriverLocationHandler } from './post-driver-location.handler';
import { ReportDeliveryStatusHandler } from './report-delivery-status.handler';
import { RequestRerouteHandler } from './request-reroute.handler';
import { RerouteEffect } from './reroute-effect';
import { RevokeDriverHandler } from './revoke-driver.handler';
import { SetDriverAvailabilityHandler } from './set-driver-availability.handler';

/** Live deliveries and drivers: matching, offers, a driver's reports and proof, reroutes, drivers coming and going. */
@Module({
  imports: [TypeOrmModule.forFeature([OfferEntity]), DriversModule, LifecycleModule, OutboxModule, TasksModule],
  controllers: [MatchingController],
  providers: [
    ListOffersHandler,
    AcceptOfferHandler,
    DeclineOfferHandler,
    ReportDeliveryStatusHandler,
    GetProofHandler,
    AddProofPhotoHandler,
    RequestRerouteHandler,
    ListDriverReroutesHandler,
    AnswerRerouteHandler,
    RerouteEffect,
    SetDriverAvailabilityHandler,
    PostDriverLocationHandler,
    ChangeDriverStandingHandler,
    RevokeDriverHandler,
    DriverWithdrawal,
    { provide: CLOCK, useValue: systemClock },
  ],
  // An operator's re-offer hands a delivery on as taking its driver off the road does (operations/).
  exports: [DriverWithdrawal],
})
export class MatchingModule {}
