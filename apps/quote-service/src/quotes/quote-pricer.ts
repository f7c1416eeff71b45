import { Inject, Injectable } from '@nestjs/common';
import { Category, PackageSize, Vehicle } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { QuoteServiceConfig } from '../config';
import { Price, priceQuote, PRICING } from '../pricing/pricing';

/** The published rates (pure) times the operator's current multiplier, never below the minimum fee. */
@Injectable()
export class QuotePricer {
  constructor(@Inject(APP_CONFIG) private readonly config: QuoteServiceConfig) {}

  price(route: { distanceKm: number; packageSize: PackageSize; vehicle: Vehicle; category: Category }): Price {
    const price = priceQuote(route);
    if (this.config.PRICE_MULTIPLIER === 1) return price;
    return { ...price, fee: Math.max(PRICING.minimumFeeCents, Math.round(price.fee * this.config.PRICE_MULTIPLIER)) };
  }
}
