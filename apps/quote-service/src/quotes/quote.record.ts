import { ClaimedQuote, QuoteRecord, QuoteRepricing } from '@sdd/contracts';
import { QuoteEntity } from './quote.entity';

export function toQuoteRecord(quote: QuoteEntity): QuoteRecord {
  return {
    id: quote.id,
    fee: quote.fee,
    feeBreakdown: quote.feeBreakdown,
    currency: quote.currency,
    etaMinutes: quote.etaMinutes,
    distanceKm: quote.distanceKm,
    packageSize: quote.packageSize,
    vehicle: quote.vehicle,
    category: quote.category,
    scheduledAt: quote.scheduledAt?.toISOString() ?? null,
    pickup: quote.pickup,
    dropoff: quote.dropoff,
    expiresAt: quote.expiresAt.toISOString(),
    createdAt: quote.createdAt.toISOString(),
    used: quote.usedAt !== null,
  };
}

/** What a delivery keeps of its quote: the route and the price. */
export function toClaimedQuote(quote: QuoteEntity, repricing: QuoteRepricing | null): ClaimedQuote {
  return {
    quote_id: quote.id,
    fee: quote.fee,
    currency: quote.currency,
    category: quote.category,
    package_size: quote.packageSize,
    vehicle: quote.vehicle,
    eta_minutes: quote.etaMinutes,
    distance_km: quote.distanceKm,
    scheduled_at: quote.scheduledAt?.toISOString() ?? null,
    pickup: quote.pickup,
    dropoff: quote.dropoff,
    repricing,
  };
}
