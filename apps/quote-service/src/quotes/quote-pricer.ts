import { Inject, Injectable } from '@nestjs/common';
import { Category, PackageSize, Vehicle } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { QuoteServiceConfig } from '../config';
import { Price, priceQuote } from '../pricing/pricing';

/** The published rates (pure) times the operator's current multiplier. */
@Injectable()
export class QuotePricer {
  constructor(@Inject(APP_CONFIG) private readonly config: QuoteServiceConfig) {}

  price(route: { distanceKm: number; packageSize: PackageSize; vehicle: Vehicle; category: Category }): Price {
    return priceQuote({ ...route, multiplier: this.config.PRICE_MULTIPLIER });
  }
}
