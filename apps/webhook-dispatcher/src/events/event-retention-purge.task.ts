import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MAX_RECOVERY_AGE_MS } from '@sdd/contracts';
import { Clock, CLOCK, webhookEventCutoffs } from '@sdd/common';
import { APP_CONFIG, BackgroundTask, deletedCount, purgeInBatches } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';

const BATCH = 1_000;

/**
 * Deletes events older than WEBHOOK_EVENT_RETENTION_SECONDS, with their
 * destinations and attempts (the foreign keys cascade), one replica at a
 * time, in batches of short transactions. An event with a destination still
 * pending is kept (an attempt is scheduled), and one with a destination that
 * failed for good is kept as long as recover may still send it
 * (webhookEventCutoffs).
 */
@Injectable()
export class EventRetentionPurgeTask extends BackgroundTask<number> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'event retention purge', intervalMs: config.RETENTION_PURGE_INTERVAL_MS });
  }

  /** Each batch holds the replica lock on its own (purgeInBatches): one replica purges at a time, and no lock is held long. */
  protected async pass(): Promise<number> {
    const s = `"${this.dataSource.driver.schema}"`;
    const startedAt = Date.now();
    const { purgeBefore, failedBefore } = webhookEventCutoffs(this.clock.now(), this.config.WEBHOOK_EVENT_RETENTION_SECONDS, MAX_RECOVERY_AGE_MS);
    const purged = await purgeInBatches(this.dataSource, `retention:${s}.events`, 'events', BATCH, async (manager) =>
      deletedCount(
        await manager.query(
          `DELETE FROM ${s}.events WHERE id IN (
             SELECT e.id FROM ${s}.events e
             WHERE e.created_at < $1
               AND NOT EXISTS (SELECT 1 FROM ${s}.message_destinations m
                               WHERE m.event_id = e.id AND (m.status = 'pending' OR (m.status = 'failed' AND e.created_at >= $2)))
             ORDER BY e.created_at LIMIT ${BATCH})`,
          [purgeBefore, failedBefore],
        ),
      ),
    );
    if (purged > 0) this.logger.log(`purged ${purged} events past retention in ${Date.now() - startedAt} ms`);
    return purged;
  }
}
