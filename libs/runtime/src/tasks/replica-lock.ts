import { DataSource, EntityManager } from 'typeorm';

/**
 * Runs `work` in a transaction that holds a transaction-scoped advisory lock
 * named `lock`, so one replica at a time does it; another replica that holds
 * the lock makes this a no-op (undefined), never a wait. The lock ends with
 * the transaction, also when the process dies.
 */
export async function withReplicaLock<T>(dataSource: DataSource, lock: string, work: (manager: EntityManager) => Promise<T>): Promise<T | undefined> {
  return dataSource.transaction(async (manager) => {
    const [{ locked }] = await manager.query(`SELECT pg_try_advisory_xact_lock(hashtext($1)) AS locked`, [lock]);
    return locked ? work(manager) : undefined;
  });
}
