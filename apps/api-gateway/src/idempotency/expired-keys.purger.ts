import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG } from '@sdd/runtime';
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
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.purge().finally(() => (this.running = undefined));
    }, this.config.IDEMPOTENCY_PURGE_INTERVAL_MS);
  }

  async onModuleDestroy(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass; returns how many records it deleted (0 when another replica is purging). */
  async purge(): Promise<number> {
    const table = `"${this.dataSource.driver.schema}".idempotency_keys`;
    try {
      return await this.dataSource.transaction(async (manager) => {
        const [{ locked }] = await manager.query(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [`idempotency-purge:${table}`]);
        if (!locked) return 0;
        let purged = 0;
        for (;;) {
          const [, deleted] = await manager.query(
            `DELETE FROM ${table} WHERE (merchant_id, mode, key) IN (
               SELECT merchant_id, mode, key FROM ${table} WHERE created_at < now() - make_interval(hours => ${VALIDITY_HOURS}) LIMIT ${BATCH})`,
          );
          purged += deleted;
          if (deleted < BATCH) return purged;
        }
      });
    } catch (error) {
      this.logger.warn(`Idempotency-Key purge failed, will try again: ${(error as Error).message}`);
      return 0;
    }
  }
}
