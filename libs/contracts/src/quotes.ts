import type { LocatedAddress } from './addresses';
import { MerchantScope } from './scope';

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

export interface CreateQuoteRequest {
  scope: MerchantScope;
  pickup_address: string;
  dropoff_address: string;
  package_size: PackageSize;
  vehicle?: Vehicle;
  scheduled_at?: string;
  category: Category;
}

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

export interface QuoteRef {
  scope: MerchantScope;
  quoteId: string;
}

/**
 * A quote as one delivery (the claimant, by its id) peeks at, claims, confirms
 * or releases it. The claimant may claim again a quote it already holds: a
 * retry of the same request goes through.
 */
export interface QuoteClaimRef extends QuoteRef {
  claimant: string;
}

/** A peek that also checks the category the delivery asks for: a quote made for another is refused (`category_quote_mismatch`). */
export interface PeekQuoteRequest extends QuoteClaimRef {
  category?: Category;
}

/**
 * A claim with the checks that can refuse the delivery made first, under the
 * quote's row lock, so that a refused delivery leaves the quote unclaimed.
 * `unrestricted_only`: a quote for a restricted category is not claimed
 * (`licence_check_needed`): its pickup's licence is checked first, then it is
 * claimed without the flag.
 */
export interface ClaimQuoteRequest extends PeekQuoteRequest {
  unrestricted_only?: boolean;
}

/** The error code of a claim refused for `unrestricted_only`: between services only, never in an HTTP answer. */
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
