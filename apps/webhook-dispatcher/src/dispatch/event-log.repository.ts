import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AttemptTrigger, Mode } from '@sdd/contracts';

/** An event as the dispatcher keeps it: `body` is the exact JSON every attempt sends. */
export interface StoredEvent {
  id: string;
  merchantId: string;
  mode: Mode;
  type: string;
  deliveryId: string | null;
  body: string;
  createdAt: Date;
}

export type DeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** Everything one attempt needs, read in one query. */
export interface AttemptContext {
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: Date | null;
  body: string;
  endpoint: { id: string; url: string; secretSealed: string; active: boolean };
}

export interface AttemptRecord {
  id: string;
  eventId: string;
  endpointId: string;
  succeeded: boolean;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  createdAt: Date;
}

export interface AttemptRow {
  id: string;
  event_id: string;
  endpoint_id: string;
  number: number | null;
  trigger: AttemptTrigger;
  succeeded: boolean;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  next_retry_at: Date | null;
  created_at: Date;
}

export interface DeliveryRow {
  event_id: string;
  endpoint_id: string;
  status: DeliveryStatus;
  attempt_count: number;
  next_attempt_at: Date | null;
}

export interface EventRow {
  id: string;
  body: string;
  created_at: Date;
}

/**
 * The dispatcher's SQL. Each state change is one statement, so it is atomic
 * without a transaction, and guarded so that running it twice (a job retried,
 * an event delivered twice by the bus) changes nothing the second time.
 */
@Injectable()
export class EventLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get schema(): string {
    return `"${this.dataSource.driver.schema}"`;
  }

  /**
   * Stores the event once and fans it out to the merchant's active endpoints
   * of that mode subscribed to its type. Returns the endpoints whose first
   * attempt is still to be made: the new ones, or, when the bus delivers the
   * event again (the first handling died before queueing), those left waiting.
   */
  async recordAndFanOut(event: StoredEvent): Promise<string[]> {
    const s = this.schema;
    const rows: Array<{ endpoint_id: string }> = await this.dataSource.query(
      `WITH event AS (
         INSERT INTO ${s}.events (id, merchant_id, mode, type, delivery_id, body, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (id) DO NOTHING
         RETURNING id
       ), targets AS (
         SELECT endpoints.id FROM ${s}.endpoints, event
         WHERE merchant_id = $2 AND mode = $3 AND active AND (events @> ARRAY[$4]::text[] OR '*' = ANY (events))
       ), fanned AS (
         INSERT INTO ${s}.event_deliveries (event_id, endpoint_id, status, attempt_count, next_attempt_at, updated_at)
         SELECT $1, id, 'pending', 0, $8, $8 FROM targets
         RETURNING endpoint_id
       ), waiting AS (
         SELECT endpoint_id FROM ${s}.event_deliveries WHERE event_id = $1 AND status = 'pending' AND attempt_count = 0
       )
       SELECT endpoint_id FROM fanned UNION SELECT endpoint_id FROM waiting`,
      [event.id, event.merchantId, event.mode, event.type, event.deliveryId, event.body, event.createdAt, new Date()],
    );
    return rows.map((row) => row.endpoint_id);
  }

  async insertEvent(event: StoredEvent): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO ${this.schema}.events (id, merchant_id, mode, type, delivery_id, body, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [event.id, event.merchantId, event.mode, event.type, event.deliveryId, event.body, event.createdAt],
    );
  }

  async attemptContext(eventId: string, endpointId: string): Promise<AttemptContext | undefined> {
    const s = this.schema;
    const [row] = await this.dataSource.query(
      `SELECT d.status, d.attempt_count, d.next_attempt_at, e.body, en.id, en.url, en.secret_sealed, en.active
       FROM ${s}.event_deliveries d
       JOIN ${s}.events e ON e.id = d.event_id
       JOIN ${s}.endpoints en ON en.id = d.endpoint_id
       WHERE d.event_id = $1 AND d.endpoint_id = $2`,
      [eventId, endpointId],
    );
    if (!row) return undefined;
    return {
      status: row.status,
      attemptCount: row.attempt_count,
      nextAttemptAt: row.next_attempt_at,
      body: row.body,
      endpoint: { id: row.id, url: row.url, secretSealed: row.secret_sealed, active: row.active },
    };
  }

  /**
   * Records scheduled attempt `number` and moves the delivery on, only if the
   * delivery is still waiting for exactly that attempt. Returns whether it
   * moved (false: another run of the same job got there first, or a resend
   * settled it meanwhile; the attempt is still recorded if it is new).
   */
  async recordScheduledAttempt(attempt: AttemptRecord, number: number, nextRetryAt: Date | null): Promise<boolean> {
    const s = this.schema;
    const status: DeliveryStatus = attempt.succeeded ? 'succeeded' : nextRetryAt ? 'pending' : 'failed';
    const [row] = await this.dataSource.query(
      `WITH moved AS (
         UPDATE ${s}.event_deliveries
         SET attempt_count = $4, status = $10, next_attempt_at = $9, updated_at = $11
         WHERE event_id = $2 AND endpoint_id = $3 AND attempt_count = $4 - 1 AND status = 'pending'
         RETURNING 1
       ), recorded AS (
         INSERT INTO ${s}.attempts (id, event_id, endpoint_id, number, trigger, succeeded, status_code, duration_ms, error, next_retry_at, created_at)
         VALUES ($1, $2, $3, $4, 'automatic', $5, $6, $7, $8, $9, $11)
         ON CONFLICT (event_id, endpoint_id, number) WHERE number IS NOT NULL DO NOTHING
         RETURNING 1
       )
       SELECT (SELECT count(*) FROM moved)::int AS moved, (SELECT count(*) FROM recorded)::int AS recorded`,
      [
        attempt.id,
        attempt.eventId,
        attempt.endpointId,
        number,
        attempt.succeeded,
        attempt.statusCode,
        attempt.durationMs,
        attempt.error,
        nextRetryAt,
        status,
        attempt.createdAt,
      ],
    );
    return row.moved === 1;
  }

  /**
   * Records a resend or a test. A success settles the delivery (a pending
   * retry then finds nothing to do); a failure leaves the schedule as it was.
   * Creates the delivery row when the endpoint had none for this event.
   */
  async recordManualAttempt(attempt: AttemptRecord, trigger: Exclude<AttemptTrigger, 'automatic'>): Promise<void> {
    const s = this.schema;
    await this.dataSource.query(
      `WITH delivery AS (
         INSERT INTO ${s}.event_deliveries AS d (event_id, endpoint_id, status, attempt_count, next_attempt_at, updated_at)
         VALUES ($2, $3, CASE WHEN $5 THEN 'succeeded' ELSE 'failed' END, 0, NULL, $9)
         ON CONFLICT (event_id, endpoint_id) DO UPDATE SET
           status = CASE WHEN $5 THEN 'succeeded' ELSE d.status END,
           next_attempt_at = CASE WHEN $5 THEN NULL ELSE d.next_attempt_at END,
           updated_at = $9
         RETURNING 1
       )
       INSERT INTO ${s}.attempts (id, event_id, endpoint_id, number, trigger, succeeded, status_code, duration_ms, error, next_retry_at, created_at)
       SELECT $1, $2, $3, NULL, $4, $5, $6, $7, $8, NULL, $9 FROM delivery`,
      [attempt.id, attempt.eventId, attempt.endpointId, trigger, attempt.succeeded, attempt.statusCode, attempt.durationMs, attempt.error, attempt.createdAt],
    );
  }

  /** A disabled or deleted endpoint gets nothing more; the event stays in the log for a resend. */
  async abandonDelivery(eventId: string, endpointId: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.schema}.event_deliveries SET status = 'failed', next_attempt_at = NULL, updated_at = now()
       WHERE event_id = $1 AND endpoint_id = $2 AND status = 'pending'`,
      [eventId, endpointId],
    );
  }

  /** Attempts to the endpoint since the later of `since` and its last re-enable. */
  async recentAttemptStats(endpointId: string, since: Date): Promise<{ attempts: number; failures: number }> {
    const s = this.schema;
    const [row] = await this.dataSource.query(
      `SELECT count(*)::int AS attempts, count(*) FILTER (WHERE NOT a.succeeded)::int AS failures
       FROM ${s}.attempts a, ${s}.endpoints en
       WHERE en.id = $1 AND a.endpoint_id = en.id AND a.created_at > greatest($2, coalesce(en.active_since, $2))`,
      [endpointId, since],
    );
    return { attempts: row.attempts, failures: row.failures };
  }

  /** Returns whether this call disabled it (false if it already was). */
  async disableEndpoint(endpointId: string): Promise<boolean> {
    const [, affected] = await this.dataSource.query(`UPDATE ${this.schema}.endpoints SET active = false WHERE id = $1 AND active`, [endpointId]);
    return affected === 1;
  }

  /** Deliveries whose next attempt is overdue by more than `grace`: their job was lost (Redis failure). */
  async overdueDeliveries(before: Date, limit: number): Promise<DeliveryRow[]> {
    return this.dataSource.query(
      `SELECT event_id, endpoint_id, status, attempt_count, next_attempt_at FROM ${this.schema}.event_deliveries
       WHERE status = 'pending' AND next_attempt_at < $1 ORDER BY next_attempt_at LIMIT $2`,
      [before, limit],
    );
  }

  async findEvent(merchantId: string, mode: Mode, eventId: string): Promise<EventRow | undefined> {
    const [row] = await this.dataSource.query(`SELECT id, body, created_at FROM ${this.schema}.events WHERE id = $1 AND merchant_id = $2 AND mode = $3`, [
      eventId,
      merchantId,
      mode,
    ]);
    return row;
  }

  async listEvents(filter: {
    merchantId: string;
    mode: Mode;
    limit: number;
    before?: { createdAt: Date; id: string };
    deliveryId?: string;
    type?: string;
  }): Promise<EventRow[]> {
    const params: unknown[] = [filter.merchantId, filter.mode];
    const where = ['merchant_id = $1', 'mode = $2'];
    if (filter.deliveryId !== undefined) where.push(`delivery_id = $${params.push(filter.deliveryId)}`);
    if (filter.type !== undefined) where.push(`type = $${params.push(filter.type)}`);
    if (filter.before) {
      const at = params.push(filter.before.createdAt);
      const id = params.push(filter.before.id);
      where.push(`(created_at, id) < ($${at}, $${id})`);
    }
    const limit = params.push(filter.limit);
    return this.dataSource.query(
      `SELECT id, body, created_at FROM ${this.schema}.events WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${limit}`,
      params,
    );
  }

  async deliveriesOf(eventId: string): Promise<{ deliveries: DeliveryRow[]; attempts: AttemptRow[] }> {
    const s = this.schema;
    const [deliveries, attempts] = await Promise.all([
      this.dataSource.query(
        `SELECT event_id, endpoint_id, status, attempt_count, next_attempt_at FROM ${s}.event_deliveries WHERE event_id = $1 ORDER BY endpoint_id`,
        [eventId],
      ),
      this.dataSource.query(`SELECT * FROM ${s}.attempts WHERE event_id = $1 ORDER BY created_at, id`, [eventId]),
    ]);
    return { deliveries, attempts };
  }

  async findAttempt(attemptId: string): Promise<AttemptRow | undefined> {
    const [row] = await this.dataSource.query(`SELECT * FROM ${this.schema}.attempts WHERE id = $1`, [attemptId]);
    return row;
  }
}
