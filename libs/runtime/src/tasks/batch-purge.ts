import { DataSource, EntityManager } from 'typeorm';
import { Metrics } from '@sdd/common';
import { withReplicaLock } from './replica-lock';

/**
 * Deletes rows past their retention, `deleteBatch` at a time until a batch
 * comes back short. Each batch is its own short transaction holding the
 * replica lock `lock` (one replica purges at a time; another finds it taken
 * and skips this pass), so no statement runs long and the row locks of a
 * batch are released at once: writes of new rows never wait on the purge.
 * Counts the rows in `sdd_retention_purged_rows_total{table}`.
 */
export async function purgeInBatches(
  dataSource: DataSource,
  lock: string,
  table: string,
  batchSize: number,
  deleteBatch: (manager: EntityManager) => Promise<number>,
): Promise<number> {
  let purged = 0;
  for (;;) {
    const deleted = await withReplicaLock(dataSource, lock, deleteBatch);
    if (deleted === undefined) return purged;
    purged += deleted;
    Metrics.rowsPurged.inc({ table }, deleted);
    if (deleted < batchSize) return purged;
  }
}

/** How many rows a `DELETE` answered (TypeORM's raw answer for Postgres: [rows, count]). */
export function deletedCount(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}
