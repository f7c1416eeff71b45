import { AttemptView, EventDeliveryView, EventEnvelope } from '@sdd/contracts';
import { AttemptRecord, AttemptRow, DestinationRow } from '../dispatch/event-log.types';

/** The stored body is the envelope as sent, so the log shows exactly what the merchant received. */
export function presentEvent(row: { body: string }): EventEnvelope {
  return JSON.parse(row.body) as EventEnvelope;
}

export function presentAttempt(row: AttemptRow): AttemptView {
  return {
    id: row.id,
    event_id: row.event_id,
    webhook_id: row.endpoint_id,
    number: row.number,
    trigger: row.trigger,
    succeeded: row.succeeded,
    status_code: row.status_code,
    duration_ms: row.duration_ms,
    error: row.error,
    next_retry_at: row.next_retry_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

export function presentDestinations(destinations: DestinationRow[], attempts: AttemptRow[]): EventDeliveryView[] {
  return destinations.map((destination) => ({
    webhook_id: destination.endpoint_id,
    status: destination.status,
    attempt_count: destination.attempt_count,
    next_attempt_at: destination.next_attempt_at?.toISOString() ?? null,
    attempts: attempts.filter((attempt) => attempt.endpoint_id === destination.endpoint_id).map(presentAttempt),
  }));
}

/** An attempt just made by hand, as the resend and test (ping) routes return it. */
export function presentManualAttempt(attempt: AttemptRecord, trigger: 'resend' | 'test'): AttemptView {
  return presentAttempt({
    id: attempt.id,
    event_id: attempt.eventId,
    endpoint_id: attempt.endpointId,
    number: null,
    trigger,
    succeeded: attempt.succeeded,
    status_code: attempt.statusCode,
    duration_ms: attempt.durationMs,
    error: attempt.error,
    next_retry_at: null,
    created_at: attempt.createdAt,
  });
}
