import { ErrorType, LocatedAddress, QuoteRecord } from '@sdd/contracts';
import { AppError, newId } from '@sdd/common';
import { GeocodedAddress, isUnreliableArea } from '../../apps/quote-service/src/geocoding/geocoder.port';
import { OfflineGeocoder } from '../../apps/quote-service/src/geocoding/offline.geocoder';
import { roadDistanceKm } from '../../apps/quote-service/src/pricing/distance';
import { chooseVehicle, estimateEtaMinutes, priceQuote } from '../../apps/quote-service/src/pricing/pricing';
import { restrictedRoute, unreliableArea } from '../../apps/quote-service/src/quotes/quote-errors';
import { mayCrossProvinces } from '../../apps/quote-service/src/quotes/restricted-route';
import { QuoteRequest } from './quote-request';

/** quote-service's QUOTE_VALIDITY_MS (its handler module would bring TypeORM and Nest's DI along). */
const QUOTE_VALIDITY_MS = 15 * 60_000;
/** quote-service's default PRICE_MULTIPLIER. */
const PRICE_MULTIPLIER = 1;

const geocoder = new OfflineGeocoder();

async function locate(text: string, param: string): Promise<GeocodedAddress> {
  const located = await geocoder.geocode(text);
  if (!located) throw new AppError(400, ErrorType.InvalidRequest, 'address_not_found', `We could not locate this address in Canada: "${text}".`, param);
  if (isUnreliableArea(located)) throw unreliableArea(located.unreliableFsa, param);
  return located;
}

/**
 * quote-service's CreateQuoteHandler without the bus and TypeORM: both
 * addresses through its offline geocoder (the same FSA table), its road
 * distance, vehicle, price and ETA functions. `scheduled_at` is kept as given
 * (the bench never sends one).
 */
export async function makeQuote(request: QuoteRequest, now: Date): Promise<QuoteRecord> {
  const pickup: LocatedAddress = await locate(request.pickupAddress, 'pickup_address');
  const dropoff: LocatedAddress = await locate(request.dropoffAddress, 'dropoff_address');
  if (!mayCrossProvinces(request.category, pickup.province, dropoff.province)) throw restrictedRoute(request.category, pickup.province, dropoff.province);
  const distanceKm = roadDistanceKm(pickup, dropoff);
  const vehicle = chooseVehicle(request.packageSize, distanceKm, request.vehicle);
  const price = priceQuote({ distanceKm, packageSize: request.packageSize, vehicle, category: request.category, multiplier: PRICE_MULTIPLIER });
  return {
    id: newId('qt'),
    fee: price.fee,
    feeBreakdown: price.breakdown,
    currency: price.currency,
    etaMinutes: estimateEtaMinutes({ distanceKm, vehicle }),
    distanceKm,
    packageSize: request.packageSize,
    vehicle,
    category: request.category,
    scheduledAt: request.scheduledAt ?? null,
    pickup,
    dropoff,
    expiresAt: new Date(now.getTime() + QUOTE_VALIDITY_MS).toISOString(),
    createdAt: now.toISOString(),
    used: false,
  };
}
