import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { EventLogRepository } from './event-log.repository';
import { DestinationRow } from './message-destination.entity';

/** The sweep's reads: destinations whose next attempt is overdue. */
@Injectable()
export class OverdueSweepRepository {
  constructor(private readonly db: EventLogRepository) {}

  /** The pending destinations overdue since before `before`, most overdue first, read in the sweep's transaction. */
  findOverdue(manager: EntityManager, before: Date, limit: number): Promise<DestinationRow[]> {
    return manager.query(
      `SELECT event_id, endpoint_id, round, status, attempt_count, next_attempt_at FROM ${this.db.schema}.message_destinations
       WHERE status = 'pending' AND next_attempt_at < $1 ORDER BY next_attempt_at LIMIT $2`,
      [before, limit],
    );
  }
}
