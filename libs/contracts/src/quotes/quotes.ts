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

/**
 * What a part of a fee pays for, as a quote's `fee_breakdown` names it (docs/pricing.md, "Fee breakdown").
 * `unitemized`: the whole fee of a quote priced before breakdowns were kept. Never rename one.
 */
export const FEE_COMPONENT_CODES = ['base', 'distance', 'package_size', 'minimum_fee', 'restricted_goods', 'price_adjustment', 'unitemized'] as const;
export type FeeComponentCode = (typeof FEE_COMPONENT_CODES)[number];

/** One part of a fee, in integer minor units of the quote's currency; a quote's parts sum to its fee. */
export interface FeeComponent {
  code: FeeComponentCode;
  amount: number;
}

/** A part of a fee that moved when an expired quote was priced again; an amount is 0 where the part was not charged. */
export interface FeeChange {
  code: FeeComponentCode;
  previousAmount: number;
  amount: number;
}

/** How the fee of an expired quote moved when a delivery used it (within the drift tolerance). */
export interface QuoteRepricing {
  previousFee: number;
  fee: number;
  /** Each part that moved, in the order they were charged (the old ones first, then the new). */
  changes: FeeChange[];
}

/** A quote as quote-service answers for it; the gateway presents it (libs/public-api). */
export interface QuoteRecord {
  id: string;
  fee: number;
  /** What the pricing added, in order; sums to `fee`. */
  feeBreakdown: FeeComponent[];
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
  /** Set when the quote had expired and was re-priced, within the drift tolerance, at another fee. */
  repricing: QuoteRepricing | null;
}

/** Quote-service's answer to a peek: the quote as a claim would return it, without using it. */
export type PeekedQuote = Omit<ClaimedQuote, 'repricing'> & { expired: boolean };
