import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, CLOCK, retentionCutoff } from '@sdd/common';
import { APP_CONFIG, BackgroundTask, deletedCount, purgeInBatches } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { TERMINAL } from '../lifecycle/delivery-status';
import { NotificationRepository } from '../notifications/notification.repository';
import { OutboxRepository } from '../outbox/outbox.repository';

const BATCH = 2_000;

export interface PurgedRows {
  outboxEvents: number;
  notifications: number;
  offers: number;
}

/**
 * Deletes what this service keeps only for a while (docs/reliability.md
 * "Retention"), one replica at a time, in batches of short transactions:
 * - outbox events (with their hand-offs) older than OUTBOX_RETENTION_SECONDS
 *   that every subscriber has acknowledged: one still waiting is kept;
 * - notifications older than NOTIFICATION_RETENTION_SECONDS no longer pending;
 * - offers older than OFFER_RETENTION_SECONDS that are no longer open, of a
 *   finished delivery: while a delivery is matched, its past offers keep a
 *   driver from being asked again.
 * Deliveries themselves are the record and stay.
 */
@Injectable()
export class RetentionPurgeTask extends BackgroundTask<PurgedRows> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxRepository,
    private readonly notifications: NotificationRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'retention purge', intervalMs: config.RETENTION_PURGE_INTERVAL_MS });
  }

  protected async pass(): Promise<PurgedRows> {
    const now = this.clock.now();
    const startedAt = Date.now();
    const purged = {
      outboxEvents: await this.purgeOutbox(retentionCutoff(now, this.config.OUTBOX_RETENTION_SECONDS)),
      notifications: await this.purgeNotifications(retentionCutoff(now, this.config.NOTIFICATION_RETENTION_SECONDS)),
      offers: await this.purgeOffers(retentionCutoff(now, this.config.OFFER_RETENTION_SECONDS)),
    };
    if (purged.outboxEvents + purged.notifications + purged.offers > 0) this.logger.log(`purged past retention in ${Date.now() - startedAt} ms: ${JSON.stringify(purged)}`);
    return purged;
  }

  private get schema(): string {
    return `"${this.dataSource.driver.schema}"`;
  }

  private purgeOutbox(before: Date): Promise<number> {
    return purgeInBatches(this.dataSource, `retention:${this.schema}.outbox`, 'outbox_events', BATCH, async (manager) =>
      deletedCount(await this.outbox.purgeAcknowledged(manager, before, BATCH)),
    );
  }

  private purgeNotifications(before: Date): Promise<number> {
    return purgeInBatches(this.dataSource, `retention:${this.schema}.notifications`, 'notifications', BATCH, async (manager) =>
      deletedCount(await this.notifications.purgeDone(manager, before, BATCH)),
    );
  }

  private purgeOffers(before: Date): Promise<number> {
    const s = this.schema;
    return purgeInBatches(this.dataSource, `retention:${s}.offers`, 'offers', BATCH, async (manager) =>
      deletedCount(
        await manager.query(
          `DELETE FROM ${s}.offers WHERE id IN (
             SELECT o.id FROM ${s}.offers o JOIN ${s}.deliveries d ON d.id = o.delivery_id
             WHERE o.created_at < $1 AND o.status <> 'open' AND d.status = ANY($2)
             ORDER BY o.created_at LIMIT ${BATCH})`,
          [before, TERMINAL],
        ),
      ),
    );
  }
}
