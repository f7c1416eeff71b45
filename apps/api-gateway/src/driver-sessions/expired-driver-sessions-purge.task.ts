import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, CLOCK, retentionCutoff } from '@sdd/common';
import { APP_CONFIG, BackgroundTask, deletedCount, purgeInBatches } from '@sdd/runtime';
import { GatewayConfig } from '../config';

const BATCH = 5_000;

/**
 * Deletes the driver app's sessions that ended (expired, or signed out)
 * longer than DRIVER_SESSION_RETENTION_SECONDS ago: an ended session opens
 * nothing (401 driver_session_invalid either way), its row only tells when a
 * driver signed in and out, and sign-ins would otherwise pile up one per
 * shift. One replica per batch of a short transaction (purgeInBatches),
 * found by the index on when the session ended.
 */
@Injectable()
export class ExpiredDriverSessionsPurgeTask extends BackgroundTask<number> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'driver session purge', intervalMs: config.DRIVER_SESSION_PURGE_INTERVAL_MS });
  }

  protected async pass(): Promise<number> {
    const table = `"${this.dataSource.driver.schema}".driver_sessions`;
    const cutoff = retentionCutoff(this.clock.now(), this.config.DRIVER_SESSION_RETENTION_SECONDS);
    // LEAST skips a null revoked_at: a session ends when it expires or when it is signed out, whichever came first.
    const purged = await purgeInBatches(this.dataSource, `retention:${table}`, 'driver_sessions', BATCH, async (manager) =>
      deletedCount(await manager.query(`DELETE FROM ${table} WHERE id IN (SELECT id FROM ${table} WHERE LEAST(expires_at, revoked_at) < $1 LIMIT ${BATCH})`, [cutoff])),
    );
    if (purged > 0) this.logger.log(`purged ${purged} driver sessions ended before ${cutoff.toISOString()}`);
    return purged;
  }
}
