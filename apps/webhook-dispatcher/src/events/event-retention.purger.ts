import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MAX_RECOVERY_AGE_MS } from '@sdd/contracts';
import { Clock, CLOCK, webhookEventCutoffs } from '@sdd/common';
import { APP_CONFIG, deletedCount, purgeInBatches, RepeatingTask } from '@sdd/runtime';
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
export class EventRetentionPurger implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(EventRetentionPurger.name);
  private readonly task: RepeatingTask<number>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.task = new RepeatingTask('event retention purge', config.RETENTION_PURGE_INTERVAL_MS, () => this.purge(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  private async purge(): Promise<number> {
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
