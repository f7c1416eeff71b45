import { Injectable } from '@nestjs/common';
import { Mode } from '@sdd/contracts';
import { EventLogRepository } from '../dispatch/event-log.repository';
import { AttemptRow } from '../dispatch/attempt.entity';
import { EventRow } from '../dispatch/event.entity';
import { DestinationRow } from '../dispatch/message-destination.entity';
import { StreamPosition } from './stream-position';

/** The log as a merchant reads it; every read is scoped by merchant and mode through the event. */
@Injectable()
export class EventReadRepository {
  constructor(private readonly db: EventLogRepository) {}

  async findEvent(merchantId: string, mode: Mode, eventId: string): Promise<EventRow | undefined> {
    const [row] = await this.db.query<EventRow[]>(`SELECT id, body, created_at FROM ${this.db.schema}.events WHERE id = $1 AND merchant_id = $2 AND mode = $3`, [
      eventId,
      merchantId,
      mode,
    ]);
    return row;
  }

  listEvents(filter: { merchantId: string; mode: Mode; limit: number; before?: { createdAt: Date; id: string }; deliveryId?: string; type?: string }): Promise<EventRow[]> {
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
    return this.db.query<EventRow[]>(
      `SELECT id, body, created_at FROM ${this.db.schema}.events WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id DESC LIMIT $${limit}`,
      params,
    );
  }

  /** Where a stream starting now begins: before the events of every transaction that may still be running. */
  async streamStart(): Promise<StreamPosition> {
    const [row] = await this.db.query<Array<{ xid: string }>>(`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xid`, []);
    return { xid: row.xid, seq: '0' };
  }

  async streamPositionOf(merchantId: string, mode: Mode, eventId: string): Promise<StreamPosition | undefined> {
    const [row] = await this.db.query<StreamPosition[]>(
      `SELECT stream_xid::text AS xid, stream_seq::text AS seq FROM ${this.db.schema}.events WHERE id = $1 AND merchant_id = $2 AND mode = $3`,
      [eventId, merchantId, mode],
    );
    return row;
  }

  /**
   * The scope's events after `after` in stream order, only those of
   * transactions older than every running one: all of those have ended, so no
   * row can still appear before the last one returned (migration 1766001200000).
   */
  eventsAfter(merchantId: string, mode: Mode, after: StreamPosition, limit: number): Promise<Array<{ body: string } & StreamPosition>> {
    return this.db.query(
      `SELECT body, stream_xid::text AS xid, stream_seq::text AS seq FROM ${this.db.schema}.events
       WHERE merchant_id = $1 AND mode = $2 AND (stream_xid, stream_seq) > ($3::xid8, $4::bigint) AND stream_xid < pg_snapshot_xmin(pg_current_snapshot())
       ORDER BY stream_xid, stream_seq LIMIT $5`,
      [merchantId, mode, after.xid, after.seq, limit],
    );
  }

  /** An endpoint's attempts since `since`: counted (through `attempts_endpoint_recent_idx`), and its latest failures (through `attempts_endpoint_failed_idx`, failures only). */
  async attemptsOfEndpoint(endpointId: string, since: Date, failures: number): Promise<{ attempts: number; succeeded: number; lastFailures: AttemptRow[] }> {
    const s = this.db.schema;
    const [[counts], lastFailures] = await Promise.all([
      this.db.query<Array<{ attempts: number; succeeded: number }>>(
        `SELECT count(*)::int AS attempts, count(*) FILTER (WHERE succeeded)::int AS succeeded FROM ${s}.attempts WHERE endpoint_id = $1 AND created_at >= $2`,
        [endpointId, since],
      ),
      this.db.query<AttemptRow[]>(`SELECT * FROM ${s}.attempts WHERE endpoint_id = $1 AND created_at >= $2 AND NOT succeeded ORDER BY created_at DESC, id DESC LIMIT $3`, [
        endpointId,
        since,
        failures,
      ]),
    ]);
    return { attempts: counts.attempts, succeeded: counts.succeeded, lastFailures };
  }

  /** The event's destinations with their attempts; the caller found the event in the merchant's scope first. */
  async destinationsOf(eventId: string): Promise<{ destinations: DestinationRow[]; attempts: AttemptRow[] }> {
    const s = this.db.schema;
    const [destinations, attempts] = await Promise.all([
      this.db.query<DestinationRow[]>(
        `SELECT event_id, endpoint_id, round, status, attempt_count, next_attempt_at FROM ${s}.message_destinations WHERE event_id = $1 ORDER BY endpoint_id`,
        [eventId],
      ),
      this.db.query<AttemptRow[]>(`SELECT * FROM ${s}.attempts WHERE event_id = $1 ORDER BY created_at, id`, [eventId]),
    ]);
    return { destinations, attempts };
  }
}
