import { Inject, Injectable } from '@nestjs/common';
import { Batcher } from '@sdd/common';
import type { Mode } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { AutoDisableThresholds, countAttempt, EndpointHealth, FailingRun } from './auto-disable';
import { EventLogRepository } from './event-log.repository';

/** Endpoints' attempts counted in one transaction at most; beyond that the next batch takes them. */
const COUNT_BATCH_SIZE = 500;

interface CountedAttempt {
  endpointId: string;
  succeeded: boolean;
  at: Date;
}

interface RunRow {
  id: string;
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
  private readonly thresholds: AutoDisableThresholds;
  // One batch at a time per replica: batches of the same endpoints would only queue on its row lock.
  private readonly counts = new Batcher<CountedAttempt, HealthChange | undefined>((batch) => this.countBatch(batch), {
    maxSize: COUNT_BATCH_SIZE,
    maxConcurrent: 1,
  });

  constructor(
    private readonly db: EventLogRepository,
    @Inject(APP_CONFIG) config: WebhookDispatcherConfig,
  ) {
    this.thresholds = config.autoDisableThresholds();
  }

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
   * Counts one automatic attempt into the endpoint's health and acts on the
   * verdict: marks the merchant warned, or disables the endpoint. Returns the
   * step the merchant must be told of, with where to send it; undefined when
   * there is none. Concurrent calls share one transaction (the batch), which
   * locks the endpoints' rows and counts their attempts in the order made.
   */
  countAttempt(endpointId: string, attempt: { succeeded: boolean; at: Date }): Promise<HealthChange | undefined> {
    return this.counts.add({ endpointId, ...attempt });
  }

  private async countBatch(batch: CountedAttempt[]): Promise<Array<HealthChange | undefined>> {
    const s = this.db.schema;
    const ids = [...new Set(batch.map((item) => item.endpointId))].sort();
    return this.db.transaction(async (manager) => {
      // Locked in id order, so two replicas' batches never wait on each other in a circle.
      const rows = await manager.query<RunRow[]>(
        `SELECT id, merchant_id, mode, url, notify_email, active, failing_since, failing_attempts, failing_failures, warned_at
         FROM ${s}.endpoints WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`,
        [ids],
      );
      const changes: Array<HealthChange | undefined> = batch.map(() => undefined);
      const updates: Array<{ id: string; health: EndpointHealth; disabledAt: Date | null }> = [];
      for (const row of rows) {
        let health: EndpointHealth = {
          run: { failingSince: row.failing_since, attempts: row.failing_attempts, failures: row.failing_failures },
          warnedAt: row.warned_at,
          active: row.active,
        };
        let disabledAt: Date | null = null;
        const mine = batch.map((item, index) => ({ item, index })).filter(({ item }) => item.endpointId === row.id);
        for (const { item, index } of mine.sort((a, b) => a.item.at.getTime() - b.item.at.getTime())) {
          const counted = countAttempt(health, item, this.thresholds);
          health = counted.health;
          if (!counted.step) continue;
          if (counted.step === 'disabled') disabledAt = item.at;
          const endpoint = { id: row.id, merchantId: row.merchant_id, mode: row.mode, url: row.url, notifyEmail: row.notify_email };
          changes[index] = { kind: counted.step, endpoint, run: health.run };
        }
        updates.push({ id: row.id, health, disabledAt });
      }
      if (updates.length > 0) {
        await manager.query(
          `UPDATE ${s}.endpoints e
           SET failing_since = u.failing_since, failing_attempts = u.attempts, failing_failures = u.failures, warned_at = u.warned_at,
               active = u.active,
               disabled_at = coalesce(u.disabled_at, e.disabled_at),
               disabled_reason = CASE WHEN u.disabled_at IS NULL THEN e.disabled_reason ELSE 'failing' END
           FROM unnest($1::text[], $2::timestamptz[], $3::int[], $4::int[], $5::timestamptz[], $6::bool[], $7::timestamptz[])
             AS u (id, failing_since, attempts, failures, warned_at, active, disabled_at)
           WHERE e.id = u.id`,
          [
            updates.map((update) => update.id),
            updates.map((update) => update.health.run.failingSince),
            updates.map((update) => update.health.run.attempts),
            updates.map((update) => update.health.run.failures),
            updates.map((update) => update.health.warnedAt),
            updates.map((update) => update.health.active),
            updates.map((update) => update.disabledAt),
          ],
        );
      }
      return changes;
    });
  }

  /** A warning not sent: marked unsent again, so the next failed attempt of the same run sends it. */
  async unmarkWarned(endpointId: string, failingSince: Date): Promise<void> {
    await this.db.query(`UPDATE ${this.db.schema}.endpoints SET warned_at = NULL WHERE id = $1 AND failing_since = $2`, [endpointId, failingSince]);
  }
}
