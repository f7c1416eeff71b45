import { Injectable } from '@nestjs/common';
import { AttemptTrigger } from '@sdd/contracts';
import { AttemptJob } from './attempt.queue';
import { Batcher, groupBy } from '@sdd/common';
import { SealedSecrets } from '../endpoints/signing-secrets';
import { AttemptRecord } from './attempt.entity';
import { StoredEvent } from './event.entity';
import { EventLogRepository } from './event-log.repository';
import { DestinationStatus } from './message-destination.entity';

/** Rows per statement at most; beyond that the next batch takes them. */
const BATCH_SIZE = 500;
/** Batched statements in flight per kind: enough to hide a round trip, few enough to leave the pool to the rest. */
const BATCHES_IN_FLIGHT = 2;

/** Everything one attempt needs, read in one query. */
export interface AttemptContext {
  status: DestinationStatus;
  /** 0, then one more each time a recovery sent the failed destination again. */
  round: number;
  attemptCount: number;
  nextAttemptAt: Date | null;
  /** The event's body as the bytes signed and sent: encoded once per event, the same Buffer for each of its endpoints. */
  body: Buffer;
  /** `failing`: in a run of failures (auto-disable), so a success must be counted. */
  endpoint: { id: string; url: string; active: boolean; failing: boolean } & SealedSecrets;
}

/** A first attempt to make, with what making it needs. */
export interface FirstAttempt {
  attempt: AttemptJob;
  context: AttemptContext;
}

/** A destination with its endpoint, as the fan-out and the attempt context read it. */
interface ContextRow {
  event_id: string;
  endpoint_id: string;
  status: DestinationStatus;
  round: number;
  attempt_count: number;
  next_attempt_at: Date | null;
  url: string;
  secret_sealed: string;
  previous_secret_sealed: string | null;
  previous_secret_expires_at: Date | null;
  active: boolean;
  failing: boolean;
}

function contextOf(row: ContextRow, body: Buffer): AttemptContext {
  return {
    status: row.status,
    round: row.round,
    attemptCount: row.attempt_count,
    nextAttemptAt: row.next_attempt_at,
    body,
    endpoint: {
      id: row.endpoint_id,
      url: row.url,
      secretSealed: row.secret_sealed,
      previousSecretSealed: row.previous_secret_sealed,
      previousSecretExpiresAt: row.previous_secret_expires_at,
      active: row.active,
      failing: row.failing,
    },
  };
}

interface ScheduledAttempt {
  attempt: AttemptRecord;
  round: number;
  number: number;
  nextRetryAt: Date | null;
}

/**
 * The send path's SQL: fan-out, reading what to send, recording attempts.
 * Each state change is one statement, so it is atomic without a
 * transaction, and guarded so that running it twice (a job retried, an event
 * handed over twice by the bus) changes nothing the second time.
 *
 * The three statements every webhook request needs (fan-out, reading what to
 * send, recording the attempt) are batched: concurrent calls share one
 * statement over arrays (unnest), so a busy dispatcher makes a few round
 * trips per batch instead of three per request. They are named prepared
 * statements, and their lookups are LATERAL subqueries (kept apart by
 * LIMIT/OFFSET), so each key is found through the primary key whatever the
 * planner believes about table sizes: before the first ANALYZE, a plain join
 * chose to scan every destination of the endpoint per key (190 ms instead of
 * 1.5 ms for 50 keys).
 */
@Injectable()
export class MessageSendRepository {
  private readonly fanOuts = new Batcher<StoredEvent, FirstAttempt[]>((events) => this.fanOutBatch(events), {
    maxSize: BATCH_SIZE,
    maxConcurrent: BATCHES_IN_FLIGHT,
  });
  private readonly contexts = new Batcher<[string, string], AttemptContext | undefined>((keys) => this.contextBatch(keys), {
    maxSize: BATCH_SIZE,
    maxConcurrent: BATCHES_IN_FLIGHT,
  });
  private readonly records = new Batcher<ScheduledAttempt, boolean>((attempts) => this.recordBatch(attempts), {
    maxSize: BATCH_SIZE,
    maxConcurrent: BATCHES_IN_FLIGHT,
  });

  constructor(private readonly db: EventLogRepository) {}

  /**
   * Stores the event once and fans it out to the merchant's active endpoints
   * of that mode subscribed to its type. Returns the first attempts still to
   * make, each with all it needs to be made (so it is not read again): the
   * new destinations, or, when the bus hands the event over again (the first
   * handling died before covering them), those left waiting.
   */
  recordAndFanOut(event: StoredEvent): Promise<FirstAttempt[]> {
    return this.fanOuts.add(event);
  }

  private async fanOutBatch(batch: StoredEvent[]): Promise<FirstAttempt[][]> {
    const s = this.db.schema;
    const events = [...new Map(batch.map((event) => [event.id, event])).values()];
    const rows = await this.db.prepared<ContextRow>(
      'webhooks_fan_out',
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           AS i (id, merchant_id, mode, type, delivery_id, body, created_at)
       ), event AS (
         INSERT INTO ${s}.events (id, merchant_id, mode, type, delivery_id, body, created_at)
         SELECT * FROM input
         ON CONFLICT (id) DO NOTHING
         RETURNING id, merchant_id, mode, type
       ), fanned AS (
         INSERT INTO ${s}.message_destinations (event_id, endpoint_id, status, attempt_count, next_attempt_at, updated_at)
         SELECT event.id, en.id, 'pending', 0, $8, $8
         FROM event JOIN ${s}.endpoints en
           ON en.merchant_id = event.merchant_id AND en.mode = event.mode AND en.active
          AND (en.events @> ARRAY[event.type] OR '*' = ANY (en.events))
         RETURNING event_id, endpoint_id, status, round, attempt_count, next_attempt_at
       ), waiting AS (
         SELECT d.* FROM (SELECT id FROM input WHERE id NOT IN (SELECT id FROM event)) offered_again CROSS JOIN LATERAL (
           SELECT event_id, endpoint_id, status, round, attempt_count, next_attempt_at FROM ${s}.message_destinations d
           WHERE d.event_id = offered_again.id AND d.status = 'pending' AND d.attempt_count = 0 OFFSET 0
         ) d
       ), todo AS (
         SELECT * FROM fanned UNION ALL SELECT * FROM waiting
       )
       SELECT todo.*, en.url, en.secret_sealed, en.previous_secret_sealed, en.previous_secret_expires_at, en.active, en.failing
       FROM todo CROSS JOIN LATERAL (
         SELECT url, secret_sealed, previous_secret_sealed, previous_secret_expires_at, active, failing_since IS NOT NULL AS failing
         FROM ${s}.endpoints en WHERE en.id = todo.endpoint_id LIMIT 1
       ) en`,
      [
        events.map((event) => event.id),
        events.map((event) => event.merchantId),
        events.map((event) => event.mode),
        events.map((event) => event.type),
        events.map((event) => event.deliveryId),
        events.map((event) => event.body),
        events.map((event) => event.createdAt),
        new Date(),
      ],
    );
    const bodies = new Map(events.map((event) => [event.id, Buffer.from(event.body)]));
    const byEvent = groupBy(
      rows,
      (row) => row.event_id,
      (row): FirstAttempt => ({ attempt: { eventId: row.event_id, endpointId: row.endpoint_id, number: 1 }, context: contextOf(row, bodies.get(row.event_id) as Buffer) }),
    );
    return batch.map((event) => byEvent.get(event.id) ?? []);
  }

  async insertEvent(event: StoredEvent): Promise<void> {
    await this.db.query(`INSERT INTO ${this.db.schema}.events (id, merchant_id, mode, type, delivery_id, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      event.id,
      event.merchantId,
      event.mode,
      event.type,
      event.deliveryId,
      event.body,
      event.createdAt,
    ]);
  }

  attemptContext(eventId: string, endpointId: string): Promise<AttemptContext | undefined> {
    return this.contexts.add([eventId, endpointId]);
  }

  private async contextBatch(keys: Array<[string, string]>): Promise<Array<AttemptContext | undefined>> {
    const s = this.db.schema;
    const rows = await this.db.prepared<ContextRow & { body: string }>(
      'webhooks_attempt_context',
      `SELECT k.event_id, k.endpoint_id, d.status, d.round, d.attempt_count, d.next_attempt_at, e.body,
              en.url, en.secret_sealed, en.previous_secret_sealed, en.previous_secret_expires_at, en.active, en.failing
       FROM unnest($1::text[], $2::text[]) AS k (event_id, endpoint_id)
       CROSS JOIN LATERAL (
         SELECT status, round, attempt_count, next_attempt_at FROM ${s}.message_destinations d
         WHERE d.event_id = k.event_id AND d.endpoint_id = k.endpoint_id LIMIT 1
       ) d
       CROSS JOIN LATERAL (SELECT body FROM ${s}.events e WHERE e.id = k.event_id LIMIT 1) e
       CROSS JOIN LATERAL (
         SELECT url, secret_sealed, previous_secret_sealed, previous_secret_expires_at, active, failing_since IS NOT NULL AS failing
         FROM ${s}.endpoints en WHERE en.id = k.endpoint_id LIMIT 1
       ) en`,
      [keys.map(([eventId]) => eventId), keys.map(([, endpointId]) => endpointId)],
    );
    const found = new Map<string, AttemptContext>();
    for (const row of rows) found.set(`${row.event_id} ${row.endpoint_id}`, contextOf(row, Buffer.from(row.body)));
    return keys.map(([eventId, endpointId]) => found.get(`${eventId} ${endpointId}`));
  }

  /**
   * Of these attempts, those still to make: their destination pending, in
   * their round, and fewer attempts made than their number. A cover job
   * reads this first, so the batches whose replica did its work (almost
   * all) cost one index lookup per attempt, not their bodies.
   */
  async unmade(attempts: AttemptJob[]): Promise<AttemptJob[]> {
    const rows = await this.db.prepared<{ event_id: string; endpoint_id: string }>(
      'webhooks_unmade_attempts',
      `SELECT k.event_id, k.endpoint_id
       FROM unnest($1::text[], $2::text[], $3::int[], $4::int[]) AS k (event_id, endpoint_id, number, round)
       CROSS JOIN LATERAL (
         SELECT 1 FROM ${this.db.schema}.message_destinations d
         WHERE d.event_id = k.event_id AND d.endpoint_id = k.endpoint_id
           AND d.status = 'pending' AND d.round = k.round AND d.attempt_count < k.number
         LIMIT 1
       ) d`,
      [
        attempts.map((attempt) => attempt.eventId),
        attempts.map((attempt) => attempt.endpointId),
        attempts.map((attempt) => attempt.number),
        attempts.map((attempt) => attempt.round ?? 0),
      ],
    );
    const left = new Set(rows.map((row) => `${row.event_id} ${row.endpoint_id}`));
    return attempts.filter((attempt) => left.has(`${attempt.eventId} ${attempt.endpointId}`));
  }

  /**
   * Records scheduled attempt `number` of `round` and moves the destination on,
   * only if the destination is still waiting for exactly that attempt. Returns whether it
   * moved (false: another run of the same job got there first, or a resend
   * settled it meanwhile; the attempt is still recorded if it is new).
   */
  recordScheduledAttempt(attempt: AttemptRecord, round: number, number: number, nextRetryAt: Date | null): Promise<boolean> {
    return this.records.add({ attempt, round, number, nextRetryAt });
  }

  private async recordBatch(batch: ScheduledAttempt[]): Promise<boolean[]> {
    const s = this.db.schema;
    const column = <T>(pick: (item: ScheduledAttempt) => T): T[] => batch.map(pick);
    const rows = await this.db.prepared<{ event_id: string; endpoint_id: string; attempt_count: number }>(
      'webhooks_record_attempts',
      `WITH input AS (
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::int[], $5::bool[], $6::int[], $7::int[], $8::text[], $9::timestamptz[], $10::text[], $11::timestamptz[], $12::int[], $13::text[])
           AS i (id, event_id, endpoint_id, number, succeeded, status_code, duration_ms, error, next_retry_at, status, created_at, round, response_body_excerpt)
       ), moved AS (
         UPDATE ${s}.message_destinations d
         SET attempt_count = i.number, status = i.status, next_attempt_at = i.next_retry_at, updated_at = i.created_at
         FROM input i
         WHERE d.event_id = i.event_id AND d.endpoint_id = i.endpoint_id AND d.round = i.round AND d.attempt_count = i.number - 1 AND d.status = 'pending'
         RETURNING d.event_id, d.endpoint_id, d.attempt_count
       ), recorded AS (
         INSERT INTO ${s}.attempts (id, event_id, endpoint_id, round, number, trigger, succeeded, status_code, duration_ms, error, next_retry_at, created_at, response_body_excerpt)
         SELECT id, event_id, endpoint_id, round, number, 'automatic', succeeded, status_code, duration_ms, error, next_retry_at, created_at, response_body_excerpt FROM input
         ON CONFLICT (event_id, endpoint_id, round, number) WHERE number IS NOT NULL DO NOTHING
       )
       SELECT event_id, endpoint_id, attempt_count FROM moved`,
      [
        column((item) => item.attempt.id),
        column((item) => item.attempt.eventId),
        column((item) => item.attempt.endpointId),
        column((item) => item.number),
        column((item) => item.attempt.succeeded),
        column((item) => item.attempt.statusCode),
        column((item) => item.attempt.durationMs),
        column((item) => item.attempt.error),
        column((item) => item.nextRetryAt),
        column((item): DestinationStatus => (item.attempt.succeeded ? 'succeeded' : item.nextRetryAt ? 'pending' : 'failed')),
        column((item) => item.attempt.createdAt),
        column((item) => item.round),
        column((item) => item.attempt.responseBodyExcerpt),
      ],
    );
    const moved = new Set(rows.map((row) => `${row.event_id} ${row.endpoint_id} ${row.attempt_count}`));
    return batch.map((item) => moved.has(`${item.attempt.eventId} ${item.attempt.endpointId} ${item.number}`));
  }

  /**
   * Records a resend or a ping. A success settles the destination (a pending
   * retry then finds nothing to do); a failure leaves the schedule as it was.
   * Creates the destination row when the endpoint had none for this event.
   */
  async recordManualAttempt(attempt: AttemptRecord, trigger: Exclude<AttemptTrigger, 'automatic'>): Promise<void> {
    const s = this.db.schema;
    await this.db.query(
      `WITH destination AS (
         INSERT INTO ${s}.message_destinations AS d (event_id, endpoint_id, status, attempt_count, next_attempt_at, updated_at)
         VALUES ($2, $3, CASE WHEN $5 THEN 'succeeded' ELSE 'failed' END, 0, NULL, $9)
         ON CONFLICT (event_id, endpoint_id) DO UPDATE SET
           status = CASE WHEN $5 THEN 'succeeded' ELSE d.status END,
           next_attempt_at = CASE WHEN $5 THEN NULL ELSE d.next_attempt_at END,
           updated_at = $9
         RETURNING 1
       )
       INSERT INTO ${s}.attempts (id, event_id, endpoint_id, number, trigger, succeeded, status_code, duration_ms, error, next_retry_at, created_at, response_body_excerpt)
       SELECT $1, $2, $3, NULL, $4, $5, $6, $7, $8, NULL, $9, $10 FROM destination`,
      [
        attempt.id,
        attempt.eventId,
        attempt.endpointId,
        trigger,
        attempt.succeeded,
        attempt.statusCode,
        attempt.durationMs,
        attempt.error,
        attempt.createdAt,
        attempt.responseBodyExcerpt,
      ],
    );
  }

  /** A disabled or deleted endpoint gets nothing more; the event stays in the log for a resend. */
  async abandonDestination(eventId: string, endpointId: string): Promise<void> {
    await this.db.query(
      `UPDATE ${this.db.schema}.message_destinations SET status = 'failed', next_attempt_at = NULL, updated_at = now()
       WHERE event_id = $1 AND endpoint_id = $2 AND status = 'pending'`,
      [eventId, endpointId],
    );
  }
}
