import type { DeliveryStopRecord } from '../addresses';
import type { AssignedDriver, ProofPhotoRecord } from '../drivers/drivers';
import type { PaymentRecord, RefundReason, RefundRecord } from '../payments/payments';
import type { Category, QuoteRepricing } from '../quotes/quotes';
import type { Mode } from '../scope/scope';

/** decisions.md: test-mode creation accepts `test_scenario`; each plays a failure path with the events live mode would emit. */
export const TEST_SCENARIOS = ['driver_no_show', 'recipient_unavailable', 'id_check_failed', 'return_to_pickup', 'reroute_declined', 'slow_pickup'] as const;
export type TestScenario = (typeof TEST_SCENARIOS)[number];

/** What a driver does with a delivery it cannot complete: fail it there, or bring the package back to the pickup. */
export const UNDELIVERABLE_ACTIONS = ['fail', 'return_to_pickup'] as const;
export type UndeliverableAction = (typeof UNDELIVERABLE_ACTIONS)[number];

/** GET /v1/deliveries/{id}/proof: how the delivery was handed over. */
export interface ProofRecord {
  deliveryId: string;
  deliveredAt: string;
  recipientName: string | null;
  pinVerified: boolean;
  idChecked: boolean;
  /** In upload order. */
  photos: ProofPhotoRecord[];
}

/** Money by part, in the delivery's currency's cents; `serviceFee` is the platform's share of `itemsSubtotal`, not added to it. */
export interface PreviewAmounts {
  amount: number;
  itemsSubtotal: number;
  deliveryFee: number;
  serviceFee: number;
}

/** GET /v1/deliveries/{id}/cancellation: what POST …/cancel would do now, from the rules the cancel and its refund use. */
export interface CancellationPreviewRecord {
  deliveryId: string;
  status: DeliveryStatus;
  /** False when the cancel would be refused; `refusal` is then its error. */
  allowed: boolean;
  refusal: { status: number; code: string; message: string } | null;
  currency: string;
  /** What the cancel would give back to the customer; null when it would move no money (no payment, refused, or already cancelled). */
  refund: (PreviewAmounts & { reason: RefundReason }) | null;
  /** What of the payment the cancel would not give back (kept, or paid to the driver); null as `refund` is. */
  kept: (PreviewAmounts & { driverCompensation: number }) | null;
}

/** POST /v1/deliveries/{id}/reroute with dry_run: what the reroute would cost, nothing changed. */
export interface ReroutePreviewRecord {
  deliveryId: string;
  dropoff: DeliveryStopRecord;
  currency: string;
  /** The new route's fee: the delivery's fee once the reroute takes effect. */
  fee: number;
  /** The fee the customer paid, which the drift is measured from. */
  chargedFee: number;
  /** fee − chargedFee, in cents (within ±10% of chargedFee, else the reroute is refused). */
  drift: number;
  /** At once without a driver; after the driver accepts with one. */
  takesEffect: 'at_once' | 'when_driver_accepts';
  /** Reroutes left after this one. */
  reroutesRemaining: number;
}

/**
 * The delivery lifecycle (service-interface.md "States and transitions",
 * decisions.md "Two descriptions" and "Deliveries and events"). "simulated" is
 * not here on purpose: it is only what a test creation response reports, the
 * stored record starts at `created` like a live one.
 */
export const DELIVERY_STATUSES = ['created', 'pending', 'driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit', 'delivered', 'cancelled', 'failed', 'returned'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** delivery-service's answer to CreateDelivery; `replayed` when the delivery already existed for the idempotency key. */
export interface CreateDeliveryReply {
  delivery: DeliveryRecord;
  replayed: boolean;
}

export interface TimelineStep {
  status: string;
  at: string;
}

/** A delivery as delivery-service answers for it; the gateway presents it (libs/public-api). */
export interface DeliveryRecord {
  id: string;
  mode: Mode;
  status: DeliveryStatus;
  quoteId: string;
  orderId: string | null;
  fee: number;
  currency: string;
  externalReference: string | null;
  category: Category;
  description: string | null;
  metadata: Record<string, string>;
  dropoffNotes: string | null;
  /** The public tracking page of this delivery (delivery-service knows the public origin). */
  trackingUrl: string;
  pickup: DeliveryStopRecord;
  dropoff: DeliveryStopRecord;
  customer: { name: string; email: string | null };
  /** The test timeline as planned at creation; null for live deliveries. */
  simulatedTimeline: TimelineStep[] | null;
  scheduledAt: string | null;
  /** The money of a delivery funded by a checkout; null without one. */
  payment: PaymentRecord | null;
  /** How the fee moved from its expired quote's, when re-priced for it (the creation answer shows it); absent or null otherwise. */
  quoteRepricing?: QuoteRepricing | null;
  /** A live delivery's driver once assigned (retrieve); null otherwise. */
  driver: AssignedDriver | null;
  /** The refund of its payment, once the processor made it; absent or null otherwise. */
  refund?: RefundRecord | null;
  createdAt: string;
  updatedAt: string;
}

/** One page of deliveries, newest first. */
export interface DeliveryRecordPage {
  data: DeliveryRecord[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * The delivery as the API showed it when the event happened (presented by
 * libs/public-api's presentDelivery, plus `delivered_at` on delivery.delivered),
 * frozen in the event. Subscribers rely on these fields only.
 */
export interface DeliverySnapshot {
  id: string;
  mode: Mode;
  status: string;
  [field: string]: string | number | boolean | null | object;
}

/** What the outbox relay emits on the bus for each delivery event: the webhook envelope plus ordering. */
export interface DeliveryEvent {
  id: string;
  type: string;
  created_at: string;
  delivery_id: string;
  /** Whose delivery it is: subscribers find the merchant's webhooks and accounts by it (the mode is in data). */
  merchant_id: string;
  /** 1, 2, 3… per delivery, in the order the changes happened. */
  sequence: number;
  data: DeliverySnapshot;
}

/** The subscriber's answer: the ids it has stored durably (and will not need again). */
export interface DeliveryEventReceipt {
  acknowledged: string[];
}

/** The most events one offer carries. */
export const DELIVERY_EVENT_BATCH_MAX = 100;

/** GET /v1/deliveries/{id}/tracking. */
export interface TrackingSnapshot {
  delivery_id: string;
  status: string;
  /** From a terminal status on: no phone, and the location is where the delivery ended. */
  driver: { name: string; phone: string | null; location: { lat: number; lng: number } } | null;
  eta_minutes: number;
  updated_at: string;
}

/**
 * What the public tracking page shows, reached by the unguessable token
 * alone: no merchant data, and of the recipient only the first name.
 */
export interface PublicTracking {
  status: string;
  steps: Array<{ status: string; reached: boolean }>;
  eta_minutes: number;
  /** null, like the driver and the stops, once the link's window after the end (TRACKING_PERSONAL_DATA_MS) has passed. */
  recipient_first_name: string | null;
  driver: { name: string; location: { lat: number; lng: number } } | null;
  /** Shown to the recipient while a driver is on the way; the driver asks for it at the door. */
  delivery_pin: string | null;
  pickup: { lat: number; lng: number } | null;
  dropoff: { lat: number; lng: number } | null;
  updated_at: string;
}
