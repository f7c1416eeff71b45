/** An endpoint as webhook-dispatcher answers for it; the gateway presents it (libs/public-api). */
export interface WebhookRecord {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  createdAt: string;
  /** When its current run of failures began (ISO 8601), null while it is not failing (decisions.md, Auto-disable). */
  failingSince: string | null;
  /** When and why it was last disabled, null while active. */
  disabledAt: string | null;
  disabledReason: WebhookDisabledReason | null;
}

/** `failing`: the dispatcher disabled it after a day of failures; `merchant`: PATCH active false. */
export type WebhookDisabledReason = 'failing' | 'merchant';

/** The secret travels only in the answer to a creation or a rotation. */
export interface WebhookWithSecretRecord extends WebhookRecord {
  secret: string;
}

export interface WebhookRecordList {
  data: WebhookRecord[];
}

/** The longest a replaced secret may keep signing, and the default. */
export const MAX_SECRET_OVERLAP_HOURS = 24;

export interface RecoveryRecord {
  /** How many failed deliveries were queued again. */
  queued: number;
}

/** How far back a recovery may reach. */
export const MAX_RECOVERY_AGE_MS = 7 * 24 * 3600 * 1000;

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

export const ATTEMPT_TRIGGERS = ['automatic', 'resend', 'test'] as const;
export type AttemptTrigger = (typeof ATTEMPT_TRIGGERS)[number];

/** One HTTP request to one endpoint, as the event log keeps it. */
export interface WebhookAttemptRecord {
  id: string;
  eventId: string;
  webhookId: string;
  /** 1–4 for the scheduled attempts; null for a resend or a test. */
  number: number | null;
  trigger: AttemptTrigger;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** The start of the receiver's response body (up to 1 KiB); null when no response came. */
  responseBodyExcerpt: string | null;
  /** When the next scheduled attempt runs, if this one failed and one is left. */
  nextRetryAt: string | null;
  createdAt: string;
}

/** How far back an endpoint's health looks: the last day, the span auto-disable judges too. */
export const WEBHOOK_HEALTH_WINDOW_MS = 24 * 3600 * 1000;

/** How many of an endpoint's latest failed attempts its health lists. */
export const WEBHOOK_HEALTH_LAST_FAILURES = 5;

/** An endpoint's attempts of the last {@link WEBHOOK_HEALTH_WINDOW_MS}: how many, how many succeeded, the latest failures. */
export interface WebhookHealthRecord {
  webhookId: string;
  since: string;
  attempts: number;
  succeeded: number;
  /** Newest first, at most {@link WEBHOOK_HEALTH_LAST_FAILURES}. */
  lastFailures: WebhookAttemptRecord[];
}

export const DESTINATION_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** The event sent to one endpoint (a message destination): where it stands, and its attempts. */
export interface DestinationRecord {
  webhookId: string;
  status: (typeof DESTINATION_STATUSES)[number];
  attemptCount: number;
  nextAttemptAt: string | null;
  attempts: WebhookAttemptRecord[];
}

/** An event as sent, and where it went. */
export interface EventDetailRecord {
  event: EventEnvelope;
  destinations: DestinationRecord[];
}

export interface EventRecordPage {
  data: EventEnvelope[];
  hasMore: boolean;
  nextCursor: string | null;
}

/**
 * GET /v1/events/stream's next events, oldest first, and the position to ask
 * from next (opaque to the gateway; the dispatcher's stream-position.ts).
 */
export interface EventStreamPage {
  data: EventEnvelope[];
  position: string;
}
