import { Injectable } from '@nestjs/common';
import { EventLogDatabase } from './event-log.database';

/**
 * What the log says about one endpoint as a whole: its recent failures (to
 * disable it automatically) and its failed destinations (to recover them).
 */
@Injectable()
export class EndpointHealthRepository {
  constructor(private readonly db: EventLogDatabase) {}

  /**
   * Starts a new round of the retry schedule for every failed destination at
   * the endpoint of an event created since `since`, in one statement: a second
   * recovery running at the same time (or right after) finds them pending,
   * not failed, and sends nothing twice. Returns the rounds to queue.
   */
  async recoverFailed(endpointId: string, since: Date, now: Date): Promise<Array<{ eventId: string; round: number }>> {
    const s = this.db.schema;
    const [rows] = await this.db.query<[Array<{ event_id: string; round: number }>, number]>(
      `UPDATE ${s}.message_destinations d
       SET status = 'pending', round = d.round + 1, attempt_count = 0, next_attempt_at = $3, updated_at = $3
       FROM ${s}.events e
       WHERE d.endpoint_id = $1 AND d.status = 'failed' AND e.id = d.event_id AND e.created_at >= $2
       RETURNING d.event_id, d.round`,
      [endpointId, since, now],
    );
    return rows.map((row) => ({ eventId: row.event_id, round: row.round }));
  }

  /** Attempts to the endpoint since the later of `since` and its last re-enable. */
  async recentAttemptStats(endpointId: string, since: Date): Promise<{ attempts: number; failures: number }> {
    const s = this.db.schema;
    const [row] = await this.db.query<Array<{ attempts: number; failures: number }>>(
      `SELECT count(*)::int AS attempts, count(*) FILTER (WHERE NOT a.succeeded)::int AS failures
       FROM ${s}.attempts a, ${s}.endpoints en
       WHERE en.id = $1 AND a.endpoint_id = en.id AND a.created_at > greatest($2, coalesce(en.active_since, $2))`,
      [endpointId, since],
    );
    return { attempts: row.attempts, failures: row.failures };
  }

  /** Returns whether this call disabled it (false if it already was). */
  async disableEndpoint(endpointId: string): Promise<boolean> {
    const [, affected] = await this.db.query<[unknown, number]>(`UPDATE ${this.db.schema}.endpoints SET active = false WHERE id = $1 AND active`, [endpointId]);
    return affected === 1;
  }
}
