import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { APP_CONFIG, OneReplicaTask } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { VALIDITY_HOURS } from './idempotency.service';

const BATCH = 5_000;

/**
 * Idempotency-Key records older than 24 hours no longer replay anything (a
 * reused key starts afresh); this deletes them, one replica at a time (a
 * transaction-scoped advisory lock), in batches so no statement runs long.
 */
@Injectable()
export class ExpiredKeysPurgeTask extends OneReplicaTask<number> {
  private readonly table: string;

  constructor(dataSource: DataSource, @Inject(APP_CONFIG) config: GatewayConfig) {
    const table = `"${dataSource.driver.schema}".idempotency_keys`;
    super({ name: 'Idempotency-Key purge', intervalMs: config.IDEMPOTENCY_PURGE_INTERVAL_MS, dataSource, lock: `idempotency-purge:${table}` });
    this.table = table;
  }

  /** Returns how many records it deleted. */
  protected async passHoldingLock(manager: EntityManager): Promise<number> {
    let count = 0;
    for (;;) {
      const [, deleted] = await manager.query(
        `DELETE FROM ${this.table} WHERE (merchant_id, mode, key) IN (
           SELECT merchant_id, mode, key FROM ${this.table} WHERE created_at < now() - make_interval(hours => ${VALIDITY_HOURS}) LIMIT ${BATCH})`,
      );
      count += deleted;
      if (deleted < BATCH) return count;
    }
  }
}
