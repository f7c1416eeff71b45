import type { LocatedAddress } from '../addresses';

export const PACKAGE_SIZES = ['small', 'medium', 'large'] as const;
export type PackageSize = (typeof PACKAGE_SIZES)[number];

export const VEHICLES = ['bike', 'car', 'van'] as const;
export type Vehicle = (typeof VEHICLES)[number];

export const CATEGORIES = ['standard', 'alcohol', 'cannabis'] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * The longest free-text address a quote takes, checked by the gateway and
 * again by quote-service (which does not trust its callers) and its parser.
 */
export const MAX_ADDRESS_LENGTH = 300;

/** A quote as quote-service answers for it; the gateway presents it (libs/public-api). */
export interface QuoteRecord {
  id: string;
  fee: number;
  currency: string;
  etaMinutes: number;
  distanceKm: number;
  packageSize: PackageSize;
  vehicle: Vehicle;
  category: Category;
  scheduledAt: string | null;
  pickup: LocatedAddress;
  dropoff: LocatedAddress;
  expiresAt: string;
  createdAt: string;
  /** Claimed by a delivery (checkouts are only made for unused quotes). */
  used: boolean;
}

/** The error code of a claim refused for `unrestrictedOnly`: between services only, never in an HTTP answer. */
export const LICENCE_CHECK_NEEDED = 'licence_check_needed';

/** What delivery-service gets when it claims a quote: everything the delivery keeps of the route and price. */
export interface ClaimedQuote {
  quote_id: string;
  fee: number;
  currency: string;
  category: Category;
  package_size: PackageSize;
  vehicle: Vehicle;
  eta_minutes: number;
  distance_km: number;
  scheduled_at: string | null;
  pickup: LocatedAddress;
  dropoff: LocatedAddress;
  /** Set when the quote had expired and was re-priced within the drift tolerance. */
  repriced_from: number | null;
}

/** Quote-service's answer to a peek: the quote as a claim would return it, without using it. */
export type PeekedQuote = Omit<ClaimedQuote, 'repriced_from'> & { expired: boolean };
