import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { isDependencyOutage } from '@sdd/common';
import { ServiceName } from '@sdd/contracts';
import { dataSourceOptions, preparedStatement, runPrepared } from '@sdd/persistence';
import { loadInfra, loadLauncher, MerchantKeys, testEnv, TestSystem, uniquePrefix } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };
/** The pooler's statement timeout here: below the apps' DB_STATEMENT_TIMEOUT_MS (2 s), so a cancel at 1 s is the pooler's doing. */
const POOLER_STATEMENT_TIMEOUT_MS = 1000;
/** The apps' client-side read timeout: DB_STATEMENT_TIMEOUT_MS (2000) + READ_TIMEOUT_MARGIN_MS (500). */
const CLIENT_READ_TIMEOUT_MS = 2500;

/**
 * Every app behind PgBouncer in transaction mode (the Debian package,
 * tools/infra/pgbouncer.js), as managed Postgres offerings put it: the
 * migrations run on start through the direct connection, the hot paths'
 * statements go unnamed from every app's pool at once, the statement timeout
 * set by the pooler cancels a statement on the server (57014 → 503), and
 * transaction mode without a direct connection is refused at start-up.
 */
describe('behind PgBouncer in transaction mode (real PgBouncer, Postgres and processes)', () => {
  const env = testEnv();
  const system = new TestSystem();
  const dataDir = join(loadInfra().dataRoot, uniquePrefix('pgbouncer'));
  let pgbouncer: Awaited<ReturnType<ReturnType<typeof loadInfra>['startPgBouncer']>>;
  let keys: MerchantKeys;

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key: keys.test, body });

  async function adminQuery(sql: string): Promise<Array<Record<string, unknown>>> {
    const url = new URL(pgbouncer.url);
    url.pathname = '/pgbouncer';
    const admin = new Client({ connectionString: url.toString() });
    await admin.connect();
    try {
      return (await admin.query(sql)).rows;
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    pgbouncer = await loadInfra().startPgBouncer({ dataDir, postgresUrl: env.databaseUrl, statementTimeoutMs: POOLER_STATEMENT_TIMEOUT_MS, log: () => undefined });
    // The gateway waits on the bus longer than the statement may run, so a 503 is the quote-service's.
    await system.start({ servers: { ...env, pooledDatabaseUrl: pgbouncer.url }, env: { RATE_LIMIT_PER_MINUTE: '100000', BUS_TIMEOUT_MS: '5000' } });
    keys = await system.registerMerchant('PgBouncer Test Co');
  }, 120_000);

  afterAll(async () => {
    await system.stop();
    await pgbouncer?.stop();
    for (const path of [dataDir, `${dataDir}.json`, `${dataDir}.log`]) rmSync(path, { recursive: true, force: true });
  });

  it('migrated every schema on start, and every app reaches Postgres through the pooler', async () => {
    const db = new Client({ connectionString: env.databaseUrl });
    await db.connect();
    try {
      for (const schema of ['gateway', 'quotes', 'deliveries', 'payments', 'webhooks']) {
        const { rows } = await db.query(`SELECT count(*)::int AS applied FROM "${system.prefix}_${schema}".migrations`);
        expect(rows[0].applied).toBeGreaterThan(0);
      }
    } finally {
      await db.end();
    }
    const clients = await adminQuery('SHOW CLIENTS');
    const names = new Set(clients.map((client) => client.application_name));
    for (const app of Object.values(ServiceName)) expect(names).toContain(app);
    const [pool] = (await adminQuery('SHOW POOLS')).filter((row) => row.pool_mode === 'transaction');
    expect(pool).toMatchObject({ database: new URL(env.databaseUrl).pathname.slice(1) });
  });

  it("serves the hot paths' prepared statements unnamed, many at once on shared server connections", async () => {
    const quote = await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF });
    expect(quote.status).toBe(200);
    const created = await Promise.all(
      Array.from({ length: 8 }, async () =>
        call('POST', '/v1/deliveries', { quote_id: (await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF })).body.id, customer }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array(8).fill(201));
    // Reads of every delivery and quote at once, on more client connections than the pooler has server connections for this test.
    const reads = await Promise.all([
      ...created.flatMap((delivery) => [call('GET', `/v1/deliveries/${delivery.body.id}`), call('GET', `/v1/deliveries/${delivery.body.id}`)]),
      ...created.map((delivery) => call('GET', `/v1/quotes/${delivery.body.quote_id}`)),
      call('GET', '/v1/deliveries?limit=20'),
    ]);
    expect(reads.map((response) => response.status)).toEqual(Array(reads.length).fill(200));
    const listed = reads.at(-1)?.body.data as Array<{ id: string }>;
    expect(listed.map((delivery) => delivery.id).sort()).toEqual(expect.arrayContaining(created.map((delivery) => delivery.body.id as string).sort()));
  });

  it('runs prepared statements from several pools at once through the pooler, each on whichever server connection is free', async () => {
    const sources = await Promise.all(
      [1, 2, 3].map(async (index) => {
        const options = dataSourceOptions({ url: pgbouncer.url, schema: 'public', applicationName: `pgbouncer-test-${index}`, poolSize: 5, behindTransactionPooler: true });
        return new DataSource(options).initialize();
      }),
    );
    try {
      // The same names from every pool: named, a server connection would hold one pool's "st1" when another's arrives (42P05), or lack it (26000).
      const statements = [1, 2, 3, 4].map((offset) => preparedStatement(sources[0], `st${offset}`, `SELECT $1::int + ${offset} AS sum`));
      const sums = await Promise.all(Array.from({ length: 300 }, (_, k) => runPrepared<{ sum: number }>(sources[k % 3], statements[k % 4], [k])));
      expect(sums.map(([row]) => row.sum)).toEqual(Array.from({ length: 300 }, (_, k) => k + (k % 4) + 1));
    } finally {
      await Promise.all(sources.map((source) => source.destroy()));
    }
  });

  it("cancels a statement longer than the pooler's statement timeout on the server (57014), an outage", async () => {
    const dataSource = new DataSource(
      dataSourceOptions({ url: pgbouncer.url, schema: 'public', applicationName: 'pgbouncer-test', poolSize: 1, statementTimeoutMs: 2000, behindTransactionPooler: true }),
    );
    await dataSource.initialize();
    try {
      const started = performance.now();
      const error = await dataSource.query('SELECT pg_sleep(5)').then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect((error as { driverError?: { code?: string } }).driverError?.code).toBe('57014');
      expect(isDependencyOutage(error)).toBe(true);
      expect(performance.now() - started).toBeLessThan(CLIENT_READ_TIMEOUT_MS);
      expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await dataSource.destroy();
    }
  });

  it('answers 503 service_unavailable once the server cancelled a request stuck behind a lock, before the client would have given up', async () => {
    const locker = new Client({ connectionString: env.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE "${system.prefix}_quotes"."quotes" IN ACCESS EXCLUSIVE MODE`);
      const started = performance.now();
      const stuck = await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF });
      const elapsedMs = performance.now() - started;
      expect(stuck.status).toBe(503);
      expect(stuck.body.error).toMatchObject({ type: 'api_error', code: 'service_unavailable' });
      expect(elapsedMs).toBeGreaterThanOrEqual(POOLER_STATEMENT_TIMEOUT_MS);
      expect(elapsedMs).toBeLessThan(CLIENT_READ_TIMEOUT_MS);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF })).status).toBe(200);
  });

  it('refuses to start in transaction mode without a direct connection for the migrations, naming the variable', async () => {
    const { code, output } = await loadLauncher().runApp(ServiceName.Quote, {
      env: { PATH: process.env.PATH, DATABASE_URL: pgbouncer.url, DATABASE_POOL_MODE: 'transaction', REDIS_URL: env.redisUrl, LOG_LEVEL: 'warn' },
      timeoutMs: 20_000,
    });
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_DIRECT_URL');
    expect(output).toContain('required with DATABASE_POOL_MODE=transaction');
  }, 30_000);
});
