import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, BackgroundTask, deletedCount, purgeInBatches } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { VALIDITY_HOURS } from './idempotency.service';

const BATCH = 5_000;

/**
 * Idempotency-Key records older than 24 hours no longer replay anything (a
 * reused key starts afresh); this deletes them, found by
 * idempotency_keys_created_idx, in batches of short transactions each
 * holding the replica lock on its own (purgeInBatches): one replica purges at
 * a time, and a request reusing an expired key (an upsert of the same row)
 * waits for one batch at most, never for the whole pass. Past 24 h is judged
 * by Postgres's clock, as IdempotencyService judges it.
 */
@Injectable()
export class ExpiredKeysPurgeTask extends BackgroundTask<number> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: GatewayConfig,
  ) {
    super({ name: 'Idempotency-Key purge', intervalMs: config.IDEMPOTENCY_PURGE_INTERVAL_MS });
  }

  /** Returns how many records it deleted. */
  protected async pass(): Promise<number> {
    const table = `"${this.dataSource.driver.schema}".idempotency_keys`;
    const purged = await purgeInBatches(this.dataSource, `idempotency-purge:${table}`, 'idempotency_keys', BATCH, async (manager) =>
      deletedCount(
        await manager.query(
          `DELETE FROM ${table} WHERE (merchant_id, mode, key) IN (
             SELECT merchant_id, mode, key FROM ${table} WHERE created_at < now() - make_interval(hours => ${VALIDITY_HOURS}) LIMIT ${BATCH})`,
        ),
      ),
    );
    if (purged > 0) this.logger.log(`purged ${purged} Idempotency-Key records past ${VALIDITY_HOURS} h`);
    return purged;
  }
}
