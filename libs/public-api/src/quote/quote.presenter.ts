import type { QuoteRecord, QuoteRepricing } from '@sdd/contracts';
import { presentLocatedAddress } from '../address/address.presenter';
import type { QuoteRepricingResource, QuoteResource } from './quote.resource';

export function presentQuote(quote: QuoteRecord): QuoteResource {
  return {
    id: quote.id,
    fee: quote.fee,
    fee_breakdown: quote.feeBreakdown.map(({ code, amount }) => ({ code, amount })),
    currency: quote.currency,
    eta_minutes: quote.etaMinutes,
    distance_km: quote.distanceKm,
    package_size: quote.packageSize,
    vehicle: quote.vehicle,
    category: quote.category,
    scheduled_at: quote.scheduledAt,
    pickup: presentLocatedAddress(quote.pickup),
    dropoff: presentLocatedAddress(quote.dropoff),
    expires_at: quote.expiresAt,
    created_at: quote.createdAt,
  };
}

export function presentQuoteRepricing(repricing: QuoteRepricing): QuoteRepricingResource {
  return {
    previous_fee: repricing.previousFee,
    fee: repricing.fee,
    changes: repricing.changes.map(({ code, previousAmount, amount }) => ({ code, previous_amount: previousAmount, amount })),
  };
}
