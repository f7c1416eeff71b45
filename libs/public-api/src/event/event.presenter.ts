import type { DeliveryEvent, DestinationRecord, EventDetailRecord, EventEnvelope, EventRecordPage, WebhookAttemptRecord } from '@sdd/contracts';
import { WEBHOOK_TEST_EVENT_SEQUENCE, WEBHOOK_TEST_EVENT_TYPE } from '@sdd/contracts';
import type { AttemptResource, EventDeliveryResource, EventDetailResource, EventListResource } from './event.resource';

/**
 * The body of the webhook request for a delivery event, built once when the
 * event is stored and sent byte for byte the same on every attempt; GET
 * /v1/events shows that stored body. Its `data` is the delivery as
 * presentDelivery showed it at the event. `sequence` comes last so that the
 * keys receivers already read keep their places.
 */
export function presentEventEnvelope(event: Pick<DeliveryEvent, 'id' | 'type' | 'created_at' | 'data' | 'sequence'>): EventEnvelope {
  return { id: event.id, type: event.type, created_at: event.created_at, data: event.data, sequence: event.sequence };
}

export function presentEventList(page: EventRecordPage): EventListResource {
  return { data: page.data, has_more: page.hasMore, next_cursor: page.nextCursor };
}

export function presentAttempt(attempt: WebhookAttemptRecord): AttemptResource {
  return {
    id: attempt.id,
    event_id: attempt.eventId,
    webhook_id: attempt.webhookId,
    number: attempt.number,
    trigger: attempt.trigger,
    succeeded: attempt.succeeded,
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error: attempt.error,
    response_body_excerpt: attempt.responseBodyExcerpt,
    next_retry_at: attempt.nextRetryAt,
    created_at: attempt.createdAt,
  };
}

function presentDestination(destination: DestinationRecord): EventDeliveryResource {
  return {
    webhook_id: destination.webhookId,
    status: destination.status,
    attempt_count: destination.attemptCount,
    next_attempt_at: destination.nextAttemptAt,
    attempts: destination.attempts.map(presentAttempt),
  };
}

/** GET /v1/events/{id}: the event as sent, then its delivery to each endpoint (the contract's word for a message destination). */
export function presentEventDetail(detail: EventDetailRecord): EventDetailResource {
  return { ...detail.event, deliveries: detail.destinations.map(presentDestination) };
}

/** The body of POST /v1/webhooks/{id}/test: not a delivery event, so it carries the webhook's id instead of a delivery. */
export function presentPingEnvelope(id: string, createdAt: Date, webhookId: string): EventEnvelope {
  return {
    id,
    type: WEBHOOK_TEST_EVENT_TYPE,
    created_at: createdAt.toISOString(),
    data: { webhook_id: webhookId, message: 'A test event sent from the API; it needs no action.' },
    sequence: WEBHOOK_TEST_EVENT_SEQUENCE,
  };
}
