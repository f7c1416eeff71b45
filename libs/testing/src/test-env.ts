import { randomBytes } from 'node:crypto';

export interface TestEnv {
  databaseUrl: string;
  redisUrl: string;
  /** Seed nodes when Redis is a Redis Cluster (`E2E_REDIS=cluster`): REDIS_CLUSTER_NODES of the apps. */
  redisClusterNodes?: string;
  /**
   * PgBouncer in transaction mode in front of `databaseUrl` (`E2E_PG=pgbouncer`):
   * the apps' DATABASE_URL, `databaseUrl` their DATABASE_DIRECT_URL (migrations)
   * and the tests' own connection.
   */
  pooledDatabaseUrl?: string;
}

/** Where the e2e global set-up hands the PgBouncer it started to the test files (E2E_PG=pgbouncer). */
export const POOLED_DATABASE_URL_VARIABLE = 'E2E_PGBOUNCER_URL';

/**
 * Where the test servers are (started by the e2e global set-up or by
 * `npm test`). Refuses a database whose name does not say "test", so a
 * mis-set DATABASE_URL can never point tests at real data. Test files share
 * them side by side, each under its own prefixes: a test that stops or
 * flushes a server takes its own (`startOwnRedis`, `startOwnPostgres`).
 */
export function testEnv(): TestEnv {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    throw new Error('DATABASE_URL and REDIS_URL are not set: run e2e tests through `npm test` or jest.e2e.config.js');
  }
  assertTestDatabase(databaseUrl);
  const redisClusterNodes = process.env.REDIS_CLUSTER_NODES;
  const pooledDatabaseUrl = process.env[POOLED_DATABASE_URL_VARIABLE];
  return { databaseUrl, redisUrl, ...(redisClusterNodes ? { redisClusterNodes } : {}), ...(pooledDatabaseUrl ? { pooledDatabaseUrl } : {}) };
}

export function assertTestDatabase(databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.replace(/^\//, '');
  if (!/test/i.test(name)) {
    throw new Error(`Refusing to run tests on database "${name}": its name must contain "test"`);
  }
}

/**
 * A prefix unique to one test file's run, valid as a Redis key part, a
 * BullMQ prefix and a Postgres identifier: tests never see each other's data.
 */
export function uniquePrefix(label = 't'): string {
  const clean = label
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 12);
  return `t_${clean}_${randomBytes(4).toString('hex')}`;
}
