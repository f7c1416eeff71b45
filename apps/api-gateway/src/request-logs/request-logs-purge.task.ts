import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, CLOCK, retentionCutoff } from '@sdd/common';
import { APP_CONFIG, BackgroundTask, deletedCount, purgeInBatches } from '@sdd/runtime';
import { GatewayConfig } from '../config';

const BATCH = 5_000;

/**
 * Deletes request log entries older than REQUEST_LOG_RETENTION_SECONDS (7
 * days by default), one replica at a time, in batches of short transactions
 * (purgeInBatches: each batch holds the replica lock on its own, so the
 * writer's inserts never wait long on it), found by the BRIN index on
 * created_at.
 */
@Injectable()
export class RequestLogsPurgeTask extends BackgroundTask<number> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'request log purge', intervalMs: config.REQUEST_LOG_PURGE_INTERVAL_MS });
  }

  protected async pass(): Promise<number> {
    const table = `"${this.dataSource.driver.schema}".request_logs`;
    const cutoff = retentionCutoff(this.clock.now(), this.config.REQUEST_LOG_RETENTION_SECONDS);
    const purged = await purgeInBatches(this.dataSource, `retention:${table}`, 'request_logs', BATCH, async (manager) =>
      deletedCount(await manager.query(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE created_at < $1 LIMIT ${BATCH})`, [cutoff])),
    );
    if (purged > 0) this.logger.log(`purged ${purged} request log entries created before ${cutoff.toISOString()}`);
    return purged;
  }
}
