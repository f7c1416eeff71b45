import { MerchantScope } from './scope';

/** An endpoint as the API shows it; the secret appears only in the creation response. */
export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  created_at: string;
}

export interface CreatedWebhookView extends WebhookView {
  secret: string;
}

export interface CreateWebhookRequest {
  scope: MerchantScope;
  url: string;
  events: string[];
  description: string | null;
}

export interface UpdateWebhookRequest {
  scope: MerchantScope;
  webhookId: string;
  url?: string;
  events?: string[];
  description?: string | null;
  active?: boolean;
}

export interface ListWebhooksRequest {
  scope: MerchantScope;
}

export interface WebhookList {
  data: WebhookView[];
}

export interface DeletedWebhook {
  id: string;
  deleted: true;
}

export interface WebhookRef {
  scope: MerchantScope;
  webhookId: string;
}

/** POST /v1/webhooks/{id}/rotate_secret: how long the replaced secret keeps signing (0 = not at all). */
export interface RotateWebhookSecretRequest extends WebhookRef {
  expiresInHours: number;
}

/** The longest a replaced secret may keep signing, and the default. */
export const MAX_SECRET_OVERLAP_HOURS = 24;

/** POST /v1/webhooks/{id}/recover: failed deliveries of events created at or after `since` (ISO 8601) are sent again. */
export interface RecoverWebhookRequest extends WebhookRef {
  since: string;
}

export interface RecoveryView {
  /** How many failed deliveries were queued again. */
  queued: number;
}

/** How far back a recovery may reach. */
export const MAX_RECOVERY_AGE_MS = 7 * 24 * 3600 * 1000;

/** At most this many endpoints per merchant and mode (decisions.md, Webhooks). */
export const MAX_WEBHOOKS_PER_SCOPE = 16;

/** Delays before the 2nd, 3rd and 4th (last) attempt of an event to an endpoint (decisions.md, Webhooks). */
export const WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [60_000, 600_000, 3_600_000];
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_DELAYS_MS.length + 1;
/** The receiver must answer 2xx within this. */
export const WEBHOOK_TIMEOUT_MS = 10_000;

/** What POST /v1/webhooks/{id}/test sends: not a delivery event, so no delivery subscribes to it. */
export const WEBHOOK_TEST_EVENT_TYPE = 'webhook.test';

/** `sequence` of a `webhook.test` event: it belongs to no delivery, and comes before any delivery's first event. */
export const WEBHOOK_TEST_EVENT_SEQUENCE = 0;

/**
 * The body of every webhook request, byte for byte the same on each attempt.
 * `sequence` comes last so that the keys receivers already read keep their places.
 */
export interface EventEnvelope {
  id: string;
  type: string;
  created_at: string;
  data: object;
  /** The delivery's event number (DeliveryEvent.sequence): 1, 2, 3… in transition order; 0 for `webhook.test`. */
  sequence: number;
}

export type AttemptTrigger = 'automatic' | 'resend' | 'test';

/** One HTTP request to one endpoint, as the event log shows it. */
export interface AttemptView {
  id: string;
  event_id: string;
  webhook_id: string;
  /** 1–4 for the scheduled attempts; null for a resend or a test. */
  number: number | null;
  trigger: AttemptTrigger;
  succeeded: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  /** When the next scheduled attempt runs, if this one failed and one is left. */
  next_retry_at: string | null;
  created_at: string;
}

/** The event's delivery to one endpoint. */
export interface EventDeliveryView {
  webhook_id: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempt_count: number;
  next_attempt_at: string | null;
  attempts: AttemptView[];
}

export interface EventDetailView extends EventEnvelope {
  deliveries: EventDeliveryView[];
}

export interface ListEventsRequest {
  scope: MerchantScope;
  limit: number;
  cursor?: string;
  delivery_id?: string;
  type?: string;
}

export interface EventList {
  data: EventEnvelope[];
  has_more: boolean;
  next_cursor: string | null;
}

export interface EventRef {
  scope: MerchantScope;
  eventId: string;
}

export interface ResendEventRequest extends EventRef {
  webhookId: string;
}
