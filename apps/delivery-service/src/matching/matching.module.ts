import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { DriversModule } from '../drivers/drivers.module';
import { LifecycleModule } from '../lifecycle/lifecycle.module';
import { OutboxModule } from '../outbox/outbox.module';
import { AddProofPhotoHandler } from './add-proof-photo.handler';
import { DriverMatcher } from './driver-matcher';
import { DriverPresenceHandler } from './driver-presence.handler';
import { DriverReportHandler } from './driver-report.handler';
import { DriverStandingHandler } from './driver-standing.handler';
import { GetProofHandler } from './get-proof.handler';
import { MatchingController } from './matching.controller';
import { OfferEntity } from './offer.entity';
import { OffersHandler } from './offers.handler';
import { RerouteHandler } from './reroute.handler';

/** Live deliveries and drivers: offers, a driver's reports and proof, reroutes, and drivers coming and going. */
@Module({
  imports: [TypeOrmModule.forFeature([OfferEntity]), DriversModule, LifecycleModule, OutboxModule],
  controllers: [MatchingController],
  providers: [
    DriverMatcher,
    OffersHandler,
    DriverReportHandler,
    GetProofHandler,
    AddProofPhotoHandler,
    RerouteHandler,
    DriverPresenceHandler,
    DriverStandingHandler,
    { provide: CLOCK, useValue: systemClock },
  ],
  exports: [DriverMatcher],
})
export class MatchingModule {}
