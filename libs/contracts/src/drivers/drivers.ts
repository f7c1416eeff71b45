import type { DeliveryStatus } from '../deliveries/deliveries';
import type { Category, PackageSize, Vehicle } from '../quotes/quotes';

/** What a restricted category asks of the driver (delivery rule 4): a provincial certification. */
export const CERTIFICATION_KINDS = ['liquor_service', 'cannabis_retail'] as const;
export type CertificationKind = (typeof CERTIFICATION_KINDS)[number];

export const CERTIFICATION_STATUSES = ['pending', 'approved', 'revoked'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

export const PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type Province = (typeof PROVINCES)[number];

export interface CertificationRecord {
  kind: CertificationKind;
  province: Province;
  status: CertificationStatus;
  expiresAt: string | null;
}

/** Active drivers work; deactivated ones cannot go online until reactivated; revoked ones are gone (their token fails). */
export const DRIVER_STATUSES = ['active', 'deactivated', 'revoked'] as const;
export type DriverStatus = (typeof DRIVER_STATUSES)[number];

/** What an operator can do to a driver's standing short of revoking it. */
export const DRIVER_STANDING_CHANGES = ['deactivate', 'reactivate', 'force_offline'] as const;
export type DriverStandingChange = (typeof DRIVER_STANDING_CHANGES)[number];

/** A driver as operators see it. */
export interface DriverRecord {
  id: string;
  name: string;
  phone: string;
  vehicle: Vehicle;
  homeProvince: Province;
  online: boolean;
  location: { lat: number; lng: number; at: string } | null;
  certifications: CertificationRecord[];
  status: DriverStatus;
  /** The driver's token fails from then on (401 driver_token_expired) until an operator rotates it. */
  tokenExpiresAt: string;
  createdAt: string;
}

/** The driver and its API token, shown this once (kept hashed). */
export interface CreatedDriverRecord {
  driver: DriverRecord;
  token: string;
}

/** The span of a driver session an operator may ask for, in seconds: ten seconds to a year. */
export const DRIVER_TOKEN_TTL_BOUNDS = { min: 10, max: 365 * 24 * 3600 } as const;

/**
 * A revoked driver, and what became of its deliveries under way: those not
 * yet picked up went back to matching; those picked up are stranded with
 * the driver, for an operator to handle.
 */
export interface RevokedDriverRecord {
  id: string;
  rematchedDeliveryIds: string[];
  strandedDeliveryIds: string[];
}

/** What a driver may report once assigned; every report goes through the delivery state machine. */
export const DRIVER_REPORTS = ['driver_at_pickup', 'picked_up', 'in_transit', 'delivered', 'failed', 'returned'] as const;
export type DriverReport = (typeof DRIVER_REPORTS)[number];

export const FAILURE_REASONS = ['recipient_unavailable', 'address_unreachable', 'id_check_failed', 'package_damaged', 'other'] as const;
export type FailureReason = (typeof FAILURE_REASONS)[number];

/** The photo formats a proof of delivery takes, told apart by their first bytes as well as their Content-Type. */
export const PROOF_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ProofPhotoType = (typeof PROOF_PHOTO_TYPES)[number];

/** One photo of a proof of delivery; the gateway turns `key` into a signed, expiring URL. */
export interface ProofPhotoRecord {
  key: string;
  contentType: ProofPhotoType;
  bytes: number;
  sha256: string;
  uploadedAt: string;
}

export const OFFER_STATUSES = ['open', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** What a driver sees of an offered delivery: enough to decide and to do it, nothing of the merchant's account. */
export interface OfferRecord {
  id: string;
  deliveryId: string;
  status: OfferStatus;
  expiresAt: string;
  category: Category;
  packageSize: PackageSize;
  pickup: { address: string; name: string | null; phone: string | null; lat: number; lng: number };
  dropoff: { address: string; lat: number; lng: number; notes: string | null };
  recipient: { firstName: string; phone: string };
  distanceKm: number;
  createdAt: string;
}

export interface OfferRecordList {
  data: OfferRecord[];
}

/** The driver a live delivery shows once assigned (retrieve and tracking); from a terminal status on, no phone and only where it ended. */
export interface AssignedDriver {
  name: string;
  phone: string | null;
  vehicle: Vehicle;
  lat: number | null;
  lng: number | null;
}

/** A new dropoff waiting for the assigned driver's answer. */
export interface RerouteRecord {
  deliveryId: string;
  dropoff: { address: string; lat: number; lng: number };
  fee: number;
  requestedAt: string;
}

export interface RerouteRecordList {
  data: RerouteRecord[];
}

export interface DriverRecordList {
  data: DriverRecord[];
}

/** The driver's answer after a report: where the delivery now stands. */
export interface DriverAssignmentRecord {
  deliveryId: string;
  status: string;
}

/** The longest span of days a driver's earnings are asked for at once (a quarter). */
export const EARNINGS_MAX_DAYS = 92;

/** Where a delivery started or ended, as its driver's earnings show it: an area, nothing of who is there. */
export interface EarningAreaRecord {
  city: string;
  province: string;
  /** The postal code's first three characters (its forward sortation area), or null when the address had none. */
  postalPrefix: string | null;
}

/** What a driver earned for one delivered delivery. */
export interface DriverEarningRecord {
  deliveryId: string;
  deliveredAt: string;
  /** The driver's day it counts for: YYYY-MM-DD in the time zone asked for. */
  date: string;
  amount: number;
  currency: string;
  pickup: EarningAreaRecord;
  dropoff: EarningAreaRecord;
}

/** A driver's total of one day (and currency). */
export interface EarningDayRecord {
  date: string;
  currency: string;
  amount: number;
  deliveries: number;
}

/** A driver's earnings over a span of days: the totals of each day with earnings, and a page of the deliveries. */
export interface DriverEarningsRecord {
  timeZone: string;
  from: string;
  to: string;
  days: EarningDayRecord[];
  data: DriverEarningRecord[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** What `GET /v1/ops/deliveries?state=` lists: every live delivery under way, or only the stuck and late ones among them. */
export const OPS_DELIVERY_STATES = ['active', 'stuck'] as const;
export type OpsDeliveryState = (typeof OPS_DELIVERY_STATES)[number];

/**
 * Why a live delivery needs an operator (stuck-delivery.ts): no driver took it within STUCK_UNMATCHED_MS,
 * its driver sent no position for STUCK_STILL_MS, or it is past the dropoff time its quote promised.
 */
export const STUCK_REASONS = ['no_driver', 'driver_still', 'late'] as const;
export type StuckReason = (typeof STUCK_REASONS)[number];

/** A live delivery as operators see it across merchants: where, who, since when; nothing of the recipient but the dropoff address. */
export interface OpsDeliveryRecord {
  id: string;
  merchantId: string;
  status: DeliveryStatus;
  category: Category;
  pickup: { address: string; lat: number; lng: number };
  dropoff: { address: string; lat: number; lng: number };
  driver: { id: string; name: string; vehicle: Vehicle; lat: number | null; lng: number | null; locatedAt: string | null } | null;
  /** Waiting for a driver since (matching started or restarted); null once a driver holds it. */
  waitingSince: string | null;
  /** The dropoff time its quote promised: created (or scheduled) plus its ETA. */
  dueAt: string;
  stuck: { reason: StuckReason; since: string } | null;
  createdAt: string;
}

export interface OpsDeliveryRecordList {
  data: OpsDeliveryRecord[];
}
