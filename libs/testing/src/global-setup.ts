import { join } from 'node:path';
import { loadInfra, webhookSecretsKey } from './infra';
import { assertTestDatabase } from './test-env';
import { buildApps } from './build';

declare global {
  var __TEST_INFRA_STOP__: (() => Promise<void>) | undefined;
}

/**
 * Jest global set-up for e2e tests: builds the apps, then attaches to the
 * servers `npm test` started, or starts its own real Postgres and Redis when
 * run alone.
 */
export default async function globalSetup(): Promise<void> {
  buildApps();
  // Set here, so every test worker (and `npm start` tests) inherits the same key.
  webhookSecretsKey();
  if (process.env.DATABASE_URL && process.env.REDIS_URL) {
    assertTestDatabase(process.env.DATABASE_URL);
    return;
  }
  const infra = loadInfra();
  const dataRoot = infra.dataRoot;
  const postgres = await infra.startPostgres({ dataDir: join(dataRoot, 'test-pg'), database: 'sameday_test' });
  const redis = await infra.startRedis({ dataDir: join(dataRoot, 'test-redis'), appendOnly: false });
  process.env.DATABASE_URL = postgres.url;
  process.env.REDIS_URL = redis.url;
  globalThis.__TEST_INFRA_STOP__ = async () => {
    await redis.stop();
    await postgres.stop();
  };
}
