import { AppError } from '@sdd/common';
import { CATEGORIES, Category, ErrorCode, FeeComponent, FeeComponentCode, PACKAGE_SIZES, PackageSize, VEHICLES, Vehicle } from '@sdd/contracts';

// The wire vocabulary is owned by the contracts; re-exported so callers of pricing need one import.
export { CATEGORIES, PACKAGE_SIZES, VEHICLES };
export type { Category, PackageSize, Vehicle };

/**
 * Every rate and rule of pricing, vehicles and ETAs, in one place so that
 * docs/pricing.md and the code agree. Money is in integer cents, multipliers
 * in integer percent, so that fees are computed exactly.
 */
export const PRICING = {
  currency: 'cad',
  baseFeeCents: { bike: 500, car: 700, van: 1200 },
  perKmCents: { bike: 120, car: 150, van: 200 },
  sizeMultiplierPercent: { small: 100, medium: 125, large: 150 },
  /** Restricted goods need an ID check at the door: a flat cost, whatever the route. */
  categorySurchargeCents: { standard: 0, alcohol: 300, cannabis: 300 },
  /** Floor of the route part of the fee (before any surcharge). */
  minimumFeeCents: 600,
  /** Up to this distance a small package goes by bike unless the merchant asks otherwise. */
  bikeDefaultMaxKm: 5,
  /** A requested bike is refused beyond this distance. */
  bikeMaxKm: 10,
  /** Same-day local delivery: longer routes are refused whatever the vehicle. */
  maxRouteKm: 100,
  /** Time for the assigned driver to reach the pickup. */
  pickupLeadMinutes: 10,
  /** Parking, finding the door, handing over. */
  handoffMinutes: 5,
  /** Door-to-door urban averages, stops at lights included. */
  speedKmh: { bike: 15, car: 25, van: 22 },
  /** An expired quote re-priced within this drift (inclusive) proceeds at the new price. */
  repriceMaxDriftPercent: 10,
} as const satisfies {
  currency: string;
  baseFeeCents: Record<Vehicle, number>;
  perKmCents: Record<Vehicle, number>;
  sizeMultiplierPercent: Record<PackageSize, number>;
  categorySurchargeCents: Record<Category, number>;
  minimumFeeCents: number;
  bikeDefaultMaxKm: number;
  bikeMaxKm: number;
  maxRouteKm: number;
  pickupLeadMinutes: number;
  handoffMinutes: number;
  speedKmh: Record<Vehicle, number>;
  repriceMaxDriftPercent: number;
};

export interface PriceInput {
  distanceKm: number;
  packageSize: PackageSize;
  vehicle: Vehicle;
  category: Category;
  /** The operator's factor on the published rates (PRICE_MULTIPLIER); 1 when absent. */
  multiplier?: number;
}

export interface Price {
  /** Integer cents: the sum of `breakdown`. */
  fee: number;
  currency: typeof PRICING.currency;
  /** What the pricing added, in the order it adds it; only the parts that apply. */
  breakdown: FeeComponent[];
}

export interface EtaInput {
  distanceKm: number;
  vehicle: Vehicle;
}

/**
 * Distances are priced as the quote shows them (0.1 km), so anyone can
 * recompute a fee from `distance_km`; working in whole tenths keeps the
 * arithmetic in integers.
 */
function tenthsOfKm(distanceKm: number): number {
  if (!Number.isFinite(distanceKm) || distanceKm < 0) {
    throw new RangeError(`distanceKm must be a finite, non-negative number, got ${distanceKm}`);
  }
  return Math.round(distanceKm * 10);
}

const km = (tenths: number): string => (tenths / 10).toFixed(1);

/**
 * The vehicle for a route: the requested one if it can do the job, otherwise
 * a 400 naming the field to change; a default by size and distance when none
 * is requested.
 */
export function chooseVehicle(size: PackageSize, distanceKm: number, requested?: Vehicle): Vehicle {
  const tenths = tenthsOfKm(distanceKm);
  if (tenths > PRICING.maxRouteKm * 10) {
    throw AppError.invalidRequest(
      ErrorCode.ParameterInvalid,
      `Pickup and dropoff are ${km(tenths)} km apart by road; same-day delivery covers routes up to ${PRICING.maxRouteKm} km.`,
      'dropoff_address',
    );
  }
  if (requested === undefined) {
    if (size === 'large') return 'van';
    return size === 'small' && tenths <= PRICING.bikeDefaultMaxKm * 10 ? 'bike' : 'car';
  }
  if (requested === 'bike' && size === 'large') {
    throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'A bike cannot carry a large package; use car or van, or omit vehicle to let us choose.', 'vehicle');
  }
  if (requested === 'bike' && tenths > PRICING.bikeMaxKm * 10) {
    throw AppError.invalidRequest(
      ErrorCode.ParameterInvalid,
      `Bike delivery covers routes up to ${PRICING.bikeMaxKm} km and this route is ${km(tenths)} km; use car or van, or omit vehicle to let us choose.`,
      'vehicle',
    );
  }
  return requested;
}

/**
 * fee = max(minimum, round((base + perKm × km) × size%)) + surcharge, times
 * the operator's multiplier (never below the minimum), and the parts that
 * make it up. Each running total is rounded half-up to the cent once, and a
 * part is the step between two totals, so the parts sum exactly to the fee,
 * which is their sum and nothing else. The surcharge is whole cents and sits
 * outside the minimum, so a restricted delivery always costs exactly the
 * standard one plus its surcharge (at the published rates).
 */
export function priceQuote({ distanceKm, packageSize, vehicle, category, multiplier = 1 }: PriceInput): Price {
  const tenths = tenthsOfKm(distanceKm);
  const baseCents = PRICING.baseFeeCents[vehicle];
  // Tenths of a cent: exact, since both rates are whole cents.
  const routeDeciCents = baseCents * 10 + PRICING.perKmCents[vehicle] * tenths;
  // Thousandths of a cent: still an integer, so each total below is rounded from an exact value.
  const sizedMilliCents = routeDeciCents * PRICING.sizeMultiplierPercent[packageSize];
  const unsizedCents = Math.round(routeDeciCents / 10);
  const sizedCents = Math.round(sizedMilliCents / 1000);
  const routeCents = Math.max(PRICING.minimumFeeCents, sizedCents);
  const publishedCents = routeCents + PRICING.categorySurchargeCents[category];
  const adjustedCents = multiplier === 1 ? publishedCents : Math.max(PRICING.minimumFeeCents, Math.round(publishedCents * multiplier));
  const parts: Array<[FeeComponentCode, number]> = [
    ['base', baseCents],
    ['distance', unsizedCents - baseCents],
    ['package_size', sizedCents - unsizedCents],
    ['minimum_fee', routeCents - sizedCents],
    ['restricted_goods', PRICING.categorySurchargeCents[category]],
    ['price_adjustment', adjustedCents - publishedCents],
  ];
  // Base and distance are always charged; the others only when they add something.
  const breakdown = parts.filter(([code, amount]) => amount !== 0 || code === 'base' || code === 'distance').map(([code, amount]) => ({ code, amount }));
  return { fee: breakdown.reduce((sum, { amount }) => sum + amount, 0), currency: PRICING.currency, breakdown };
}

/**
 * Minutes from quote to dropoff: driver to pickup, the ride, the handoff.
 * The ride is rounded up: an ETA is never earlier than the model says.
 */
export function estimateEtaMinutes({ distanceKm, vehicle }: EtaInput): number {
  // tenths / 10 km at v km/h is tenths × 6 / v minutes: an exact ratio of integers.
  const rideMinutes = Math.ceil((tenthsOfKm(distanceKm) * 6) / PRICING.speedKmh[vehicle]);
  return PRICING.pickupLeadMinutes + rideMinutes + PRICING.handoffMinutes;
}

function assertFee(name: string, cents: number): void {
  if (!Number.isInteger(cents) || cents <= 0) {
    throw new RangeError(`${name} must be a positive integer of cents, got ${cents}`);
  }
}

/**
 * Relative change from the quoted fee, as a non-negative fraction (0.08 is 8%).
 * A decrease counts as much as an increase: in live mode the customer paid the
 * old fee, so a large change either way means the merchant must quote again.
 */
export function priceDrift(oldFee: number, newFee: number): number {
  assertFee('oldFee', oldFee);
  assertFee('newFee', newFee);
  return Math.abs(newFee - oldFee) / oldFee;
}

/** Whether a re-priced quote may proceed: drift ≤ 10%, exactly 10% included. */
export function withinRepriceTolerance(oldFee: number, newFee: number): boolean {
  assertFee('oldFee', oldFee);
  assertFee('newFee', newFee);
  // Compared in integers so that exactly 10% is never lost to floating point.
  return Math.abs(newFee - oldFee) * 100 <= oldFee * PRICING.repriceMaxDriftPercent;
}
