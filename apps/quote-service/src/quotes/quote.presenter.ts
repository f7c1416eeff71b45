import { ClaimedQuote, QuoteView } from '@sdd/contracts';
import { QuoteEntity } from './quote.entity';

export function presentQuote(quote: QuoteEntity): QuoteView {
  return {
    id: quote.id,
    fee: quote.fee,
    currency: quote.currency,
    eta_minutes: quote.etaMinutes,
    distance_km: quote.distanceKm,
    package_size: quote.packageSize,
    vehicle: quote.vehicle,
    category: quote.category,
    scheduled_at: quote.scheduledAt?.toISOString() ?? null,
    pickup: quote.pickup,
    dropoff: quote.dropoff,
    expires_at: quote.expiresAt.toISOString(),
    created_at: quote.createdAt.toISOString(),
  };
}

/** What a delivery keeps of its quote: the route and the price. */
export function presentClaimedQuote(quote: QuoteEntity, repricedFrom: number | null): ClaimedQuote {
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
    repriced_from: repricedFrom,
  };
}
