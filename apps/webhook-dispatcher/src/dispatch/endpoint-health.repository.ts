import { Injectable } from '@nestjs/common';
import type { Mode } from '@sdd/contracts';
import { AutoDisableThresholds, autoDisableVerdict, FailingRun, nextFailingRun } from './auto-disable';
import { EventLogDatabase } from './event-log.database';

interface RunRow {
  merchant_id: string;
  mode: Mode;
  url: string;
  notify_email: string | null;
  active: boolean;
  failing_since: Date | null;
  failing_attempts: number;
  failing_failures: number;
  warned_at: Date | null;
}

/** A step of auto-disable the merchant is told of: warned (12 h of failures) or disabled (24 h). */
export interface HealthChange {
  kind: 'warned' | 'disabled';
  endpoint: { id: string; merchantId: string; mode: Mode; url: string; notifyEmail: string | null };
  run: FailingRun;
}

/**
 * One endpoint as a whole: its run of failures (to warn the merchant and
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

  /**
   * Counts one scheduled attempt into the endpoint's run of failures and acts
   * on the verdict, atomically (the endpoint's row is locked meanwhile, so
   * concurrent attempts count one after the other): marks the merchant warned,
   * or disables the endpoint. Returns what changed that a notice must tell,
   * with where to send it; undefined when nothing did.
   */
  async countAttempt(endpointId: string, attempt: { succeeded: boolean; at: Date }, thresholds: AutoDisableThresholds): Promise<HealthChange | undefined> {
    const s = this.db.schema;
    return this.db.transaction(async (manager) => {
      const [row] = await manager.query<RunRow[]>(
        `SELECT merchant_id, mode, url, notify_email, active, failing_since, failing_attempts, failing_failures, warned_at
         FROM ${s}.endpoints WHERE id = $1 FOR UPDATE`,
        [endpointId],
      );
      if (!row?.active) return undefined;
      const before: FailingRun = { failingSince: row.failing_since, attempts: row.failing_attempts, failures: row.failing_failures };
      const run = nextFailingRun(before, attempt);
      if (run === before) return undefined;
      const verdict = autoDisableVerdict(run, run.failingSince !== null && row.warned_at !== null, attempt.at, thresholds);
      const warn = verdict === 'warn';
      const disable = verdict === 'disable';
      await manager.query(
        `UPDATE ${s}.endpoints SET failing_since = $2, failing_attempts = $3, failing_failures = $4,
           warned_at = CASE WHEN $5::boolean THEN $6 WHEN $2::timestamptz IS NULL THEN NULL ELSE warned_at END,
           active = active AND NOT $7::boolean,
           disabled_at = CASE WHEN $7::boolean THEN $6 ELSE disabled_at END,
           disabled_reason = CASE WHEN $7::boolean THEN 'failing' ELSE disabled_reason END
         WHERE id = $1`,
        [endpointId, run.failingSince, run.attempts, run.failures, warn, attempt.at, disable],
      );
      if (!warn && !disable) return undefined;
      return {
        kind: disable ? 'disabled' : 'warned',
        endpoint: { id: endpointId, merchantId: row.merchant_id, mode: row.mode, url: row.url, notifyEmail: row.notify_email },
        run,
      };
    });
  }

  /** A warning not sent: marked unsent again, so the next failed attempt of the same run sends it. */
  async unmarkWarned(endpointId: string, failingSince: Date): Promise<void> {
    await this.db.query(`UPDATE ${this.db.schema}.endpoints SET warned_at = NULL WHERE id = $1 AND failing_since = $2`, [endpointId, failingSince]);
  }
}
