import { DestinationRecord, EventEnvelope, WebhookAttemptRecord } from '@sdd/contracts';
import { AttemptRecord, AttemptRow } from '../dispatch/attempt.entity';
import { DestinationRow } from '../dispatch/message-destination.entity';

/** The stored body is the envelope as sent, so the log shows exactly what the merchant received. */
export function storedEnvelope(row: { body: string }): EventEnvelope {
  return JSON.parse(row.body) as EventEnvelope;
}

export function toAttemptRecord(row: AttemptRow): WebhookAttemptRecord {
  return {
    id: row.id,
    eventId: row.event_id,
    webhookId: row.endpoint_id,
    number: row.number,
    trigger: row.trigger,
    succeeded: row.succeeded,
    statusCode: row.status_code,
    durationMs: row.duration_ms,
    error: row.error,
    responseBodyExcerpt: row.response_body_excerpt,
    nextRetryAt: row.next_retry_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
  };
}

export function toDestinationRecords(destinations: DestinationRow[], attempts: AttemptRow[]): DestinationRecord[] {
  return destinations.map((destination) => ({
    webhookId: destination.endpoint_id,
    status: destination.status,
    attemptCount: destination.attempt_count,
    nextAttemptAt: destination.next_attempt_at?.toISOString() ?? null,
    attempts: attempts.filter((attempt) => attempt.endpoint_id === destination.endpoint_id).map(toAttemptRecord),
  }));
}

/** An attempt just made by hand, as the resend and test (ping) routes answer it. */
export function toManualAttemptRecord(attempt: AttemptRecord, trigger: 'resend' | 'test'): WebhookAttemptRecord {
  return {
    id: attempt.id,
    eventId: attempt.eventId,
    webhookId: attempt.endpointId,
    number: null,
    trigger,
    succeeded: attempt.succeeded,
    statusCode: attempt.statusCode,
    durationMs: attempt.durationMs,
    error: attempt.error,
    responseBodyExcerpt: attempt.responseBodyExcerpt,
    nextRetryAt: null,
    createdAt: attempt.createdAt.toISOString(),
  };
}
