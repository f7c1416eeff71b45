import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { QuoteServiceConfig } from '../config';
import { GEOCODER } from '../geocoding/geocoder.port';
import { GEOCODERS } from '../geocoding/geocoders';
import { ROUTE_DISTANCE } from '../pricing/route-distance.port';
import { ROUTE_DISTANCES } from '../pricing/route-distances';
import { ClaimQuoteHandler } from './claim-quote.handler';
import { ConfirmCreatedDeliveriesHandler } from './confirm-created-deliveries.handler';
import { CreateQuoteHandler } from './create-quote.handler';
import { ExpireQuoteHandler } from './expire-quote.handler';
import { GetQuoteHandler } from './get-quote.handler';
import { PeekQuoteHandler } from './peek-quote.handler';
import { ReleaseQuoteHandler } from './release-quote.handler';
import { QuoteEntity } from './quote.entity';
import { QuotePricer } from './quote-pricer';
import { QuotesController } from './quotes.controller';

@Module({
  imports: [TypeOrmModule.forFeature([QuoteEntity])],
  controllers: [QuotesController],
  providers: [
    CreateQuoteHandler,
    GetQuoteHandler,
    ClaimQuoteHandler,
    ExpireQuoteHandler,
    PeekQuoteHandler,
    ReleaseQuoteHandler,
    ConfirmCreatedDeliveriesHandler,
    QuotePricer,
    { provide: GEOCODER, useFactory: (config: QuoteServiceConfig) => GEOCODERS[config.GEOCODER](), inject: [APP_CONFIG] },
    { provide: ROUTE_DISTANCE, useFactory: (config: QuoteServiceConfig) => ROUTE_DISTANCES[config.ROUTING](), inject: [APP_CONFIG] },
    { provide: CLOCK, useValue: systemClock },
  ],
})
export class QuotesModule {}
