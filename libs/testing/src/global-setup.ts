import { join } from 'node:path';
import { loadInfra, webhookSecretsKey } from './infra';
import { assertTestDatabase, POOLED_DATABASE_URL_VARIABLE } from './test-env';
import { buildApps } from './build';

declare global {
  var __TEST_INFRA_STOP__: (() => Promise<void>) | undefined;
}

/**
 * Jest global set-up for e2e tests: builds the apps, then attaches to the
 * servers `npm test` started, or starts its own real Postgres and Redis when
 * run alone. With `E2E_REDIS=cluster`, its Redis is a local Redis Cluster
 * (six nodes, tools/infra/redis-cluster.js), handed to the test processes and
 * the apps as REDIS_URL and REDIS_CLUSTER_NODES. With `E2E_PG=pgbouncer`,
 * PgBouncer in transaction mode (tools/infra/pgbouncer.js) sits in front of
 * the test Postgres, whichever started it: the apps reach Postgres through it
 * (testEnv's `pooledDatabaseUrl`), their migrations and the tests directly.
 */
export default async function globalSetup(): Promise<void> {
  buildApps();
  // Set here, so every test worker (and `npm start` tests) inherits the same key.
  webhookSecretsKey();
  /** Stopped at the end, the last started first. */
  const started: Array<{ stop(): Promise<void> }> = [];
  globalThis.__TEST_INFRA_STOP__ = async () => {
    for (const server of started.reverse()) await server.stop();
  };
  if (process.env.DATABASE_URL && process.env.REDIS_URL) {
    assertTestDatabase(process.env.DATABASE_URL);
    if (process.env.E2E_REDIS === 'cluster' && !process.env.REDIS_CLUSTER_NODES) throw new Error('E2E_REDIS=cluster with REDIS_URL set: set REDIS_CLUSTER_NODES too, or neither');
  } else {
    const infra = loadInfra();
    const postgres = await infra.startPostgres({ dataDir: join(infra.dataRoot, 'test-pg'), database: 'sameday_test' });
    started.push(postgres);
    const redis = await startTestRedis(infra.dataRoot);
    started.push(redis);
    process.env.DATABASE_URL = postgres.url;
    process.env.REDIS_URL = redis.url;
  }
  if (process.env.E2E_PG === 'pgbouncer') started.push(await startTestPgBouncer(process.env.DATABASE_URL));
}

/** PgBouncer in front of the test Postgres, handed to the test files (testEnv's `pooledDatabaseUrl`). */
async function startTestPgBouncer(postgresUrl: string): Promise<{ stop(): Promise<void> }> {
  const infra = loadInfra();
  const pgbouncer = await infra.startPgBouncer({ dataDir: join(infra.dataRoot, 'test-pgbouncer'), postgresUrl });
  process.env[POOLED_DATABASE_URL_VARIABLE] = pgbouncer.url;
  return pgbouncer;
}

/** The single test Redis, or with E2E_REDIS=cluster a Redis Cluster whose seeds every connection of the run is given. */
async function startTestRedis(dataRoot: string): Promise<{ url: string; stop(): Promise<void> }> {
  const infra = loadInfra();
  if (process.env.E2E_REDIS !== 'cluster') return infra.startRedis({ dataDir: join(dataRoot, 'test-redis'), appendOnly: false });
  const cluster = await infra.startRedisCluster({ dataDir: join(dataRoot, 'test-redis-cluster') });
  process.env.REDIS_CLUSTER_NODES = cluster.nodes;
  return cluster;
}
