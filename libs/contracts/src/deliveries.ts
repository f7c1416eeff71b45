import { ClaimedQuote, Category } from './quotes';
import { MerchantScope } from './scope';

/** What the merchant sent, after the gateway validated it and normalised phones to E.164. */
export interface CreateDeliveryRequest {
  scope: MerchantScope;
  quote_id: string;
  checkout_id?: string;
  category?: Category;
  recipient: { name: string; phone: string; email: string | null };
  pickup_contact: { name: string | null; phone: string | null };
  dropoff_notes: string | null;
  external_reference: string | null;
  description: string | null;
  metadata: Record<string, string>;
  /**
   * Set when the merchant sent an Idempotency-Key: the gateway's name for this
   * request (unique per merchant and mode). At most one delivery is created
   * for it; a retry gets that delivery back.
   */
  idempotency_key?: string;
}

/** delivery-service's answer to CreateDelivery; `replayed` when the delivery already existed for the idempotency key. */
export interface CreateDeliveryReply {
  delivery: CreatedDeliveryView;
  replayed: boolean;
}

/** A delivery's pickup or dropoff as the API shows it (the contract's spelling: address, state, postalCode). */
export interface DeliveryStop {
  address: string;
  name: string | null;
  phone: string | null;
  city: string;
  state: string;
  postalCode: string | null;
  country: string;
  lat: number;
  lng: number;
}

export interface TimelineStep {
  status: string;
  at: string;
}

/** A delivery as GET /v1/deliveries/{id} returns it: the union of both descriptions. */
export interface DeliveryView {
  id: string;
  mode: 'test' | 'live';
  status: string;
  simulated: boolean;
  quote_id: string;
  order_id: string | null;
  price: number;
  fee: number;
  currency: string;
  external_reference: string | null;
  category: Category;
  description: string | null;
  metadata: Record<string, string>;
  dropoff_notes: string | null;
  tracking_url: string;
  pickup: DeliveryStop;
  dropoff: DeliveryStop;
  customer: { name: string; email: string | null };
  scheduled_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The creation response adds the simulated timeline (test) and reports status "simulated". */
export interface CreatedDeliveryView extends DeliveryView {
  simulated_timeline?: TimelineStep[];
}

export interface DeliveryListItem {
  id: string;
  mode: 'test' | 'live';
  status: string;
  quote_id: string;
  order_id: string | null;
  price: number;
  currency: string;
  external_reference: string | null;
  category: Category;
  created_at: string;
  updated_at: string;
}

export interface DeliveryRef {
  scope: MerchantScope;
  deliveryId: string;
}

export interface ListDeliveriesRequest {
  scope: MerchantScope;
  limit: number;
  cursor?: string;
  status?: string;
}

export interface DeliveryList {
  data: DeliveryListItem[];
  has_more: boolean;
  next_cursor: string | null;
}

/** Quote-service's answer to a peek: the quote as a claim would return it, without using it. */
export type PeekedQuote = Omit<ClaimedQuote, 'repriced_from'> & { expired: boolean };

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
  data: DeliveryView & { delivered_at?: string };
}

/** What the outbox offers a subscriber: events in order, oldest first. */
export interface DeliveryEventBatch {
  events: DeliveryEvent[];
}

/** The subscriber's answer: the ids it has stored durably (and will not need again). */
export interface DeliveryEventReceipt {
  acknowledged: string[];
}

/** The most events one offer carries. */
export const DELIVERY_EVENT_BATCH_MAX = 100;

export interface AdvanceDeliveryRequest extends DeliveryRef {
  to?: string;
}

/** GET /v1/deliveries/{id}/tracking. */
export interface TrackingSnapshot {
  delivery_id: string;
  status: string;
  driver: { name: string; phone: string; location: { lat: number; lng: number } } | null;
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
  recipient_first_name: string;
  driver: { name: string; location: { lat: number; lng: number } } | null;
  pickup: { lat: number; lng: number };
  dropoff: { lat: number; lng: number };
  updated_at: string;
}

/** The tracking page's request: the unguessable token alone, no merchant. */
export interface PublicTrackingRequest {
  token: string;
}
