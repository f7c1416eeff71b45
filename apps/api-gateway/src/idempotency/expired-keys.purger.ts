import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, RepeatingTask, withReplicaLock } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { VALIDITY_HOURS } from './idempotency.service';

const BATCH = 5_000;

/**
 * Idempotency-Key records older than 24 hours no longer replay anything (a
 * reused key starts afresh); this deletes them, one replica at a time (a
 * transaction-scoped advisory lock), in batches so no statement runs long.
 */
@Injectable()
export class ExpiredKeysPurger implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ExpiredKeysPurger.name);
  private readonly task: RepeatingTask<number>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: GatewayConfig,
  ) {
    this.task = new RepeatingTask('Idempotency-Key purge', config.IDEMPOTENCY_PURGE_INTERVAL_MS, () => this.purge(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** One pass; returns how many records it deleted (0 when another replica is purging). */
  private async purge(): Promise<number> {
    const table = `"${this.dataSource.driver.schema}".idempotency_keys`;
    const purged = await withReplicaLock(this.dataSource, `idempotency-purge:${table}`, async (manager) => {
      let count = 0;
      for (;;) {
        const [, deleted] = await manager.query(
          `DELETE FROM ${table} WHERE (merchant_id, mode, key) IN (
             SELECT merchant_id, mode, key FROM ${table} WHERE created_at < now() - make_interval(hours => ${VALIDITY_HOURS}) LIMIT ${BATCH})`,
        );
        count += deleted;
        if (deleted < BATCH) return count;
      }
    });
    return purged ?? 0;
  }
}
