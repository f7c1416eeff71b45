import { Injectable } from '@nestjs/common';
import { EventLogDatabase } from './event-log.database';
import { DestinationRow } from './event-log.types';

/** The sweep's reads: destinations whose next attempt is overdue. */
@Injectable()
export class OverdueSweepRepository {
  constructor(private readonly db: EventLogDatabase) {}

  /**
   * Runs `sweep` on the pending destinations overdue since before `before`,
   * in one replica at a time (a transaction-scoped advisory lock); returns
   * how many it saw, or 0 when another replica is sweeping.
   */
  async sweepOverdue(before: Date, limit: number, sweep: (rows: DestinationRow[]) => Promise<void>): Promise<number> {
    const seen = await this.db.withReplicaLock('webhook-sweep', async (manager) => {
      const rows: DestinationRow[] = await manager.query(
        `SELECT event_id, endpoint_id, round, status, attempt_count, next_attempt_at FROM ${this.db.schema}.message_destinations
         WHERE status = 'pending' AND next_attempt_at < $1 ORDER BY next_attempt_at LIMIT $2`,
        [before, limit],
      );
      await sweep(rows);
      return rows.length;
    });
    return seen ?? 0;
  }
}
