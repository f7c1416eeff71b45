import { DataSource } from 'typeorm';
import { isDependencyOutage } from '@sdd/common';
import { TcpRelay, testEnv, uniquePrefix } from '@sdd/testing';
import { dataSourceOptions } from '../src';

/**
 * The data source's timeouts against a real Postgres behind a relay that can
 * black-hole it: a query on a pooled connection, or a new connection, fails
 * within its timeout with an error classed as an outage, the connection whose
 * read timed out is closed rather than pooled again, and queries work as soon
 * as the network heals.
 */
describe('data source timeouts (real Postgres behind a relay)', () => {
  const { databaseUrl } = testEnv();
  const target = new URL(databaseUrl);
  const relay = new TcpRelay(target.hostname, Number(target.port));
  const STATEMENT_TIMEOUT_MS = 400;
  const CONNECT_TIMEOUT_MS = 400;
  let dataSource: DataSource;

  async function failure(run: () => Promise<unknown>): Promise<{ error: unknown; elapsedMs: number }> {
    const started = performance.now();
    const error = await run().then(
      () => undefined,
      (reason: unknown) => reason,
    );
    return { error, elapsedMs: performance.now() - started };
  }

  beforeAll(async () => {
    const url = new URL(databaseUrl);
    url.port = String(await relay.listen());
    dataSource = new DataSource(
      dataSourceOptions({
        url: url.toString(),
        schema: uniquePrefix('timeouts'),
        applicationName: 'timeouts-test',
        poolSize: 1,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        statementTimeoutMs: STATEMENT_TIMEOUT_MS,
      }),
    );
    await dataSource.initialize();
  });

  afterAll(async () => {
    relay.pass();
    await dataSource?.destroy();
    await relay.close();
  });

  it('cancels a statement that runs too long on the server (57014), an outage', async () => {
    const { error, elapsedMs } = await failure(() => dataSource.query('SELECT pg_sleep(5)'));
    expect((error as { code?: string }).code).toBe('57014');
    expect(isDependencyOutage(error)).toBe(true);
    expect(elapsedMs).toBeLessThan(2000);
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });

  it('gives up on a pooled connection nobody answers, closes it, and works again once the network heals', async () => {
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(relay.connections).toBe(1);
    relay.blackHole();

    const read = await failure(() => dataSource.query('SELECT 1'));
    expect(isDependencyOutage(read.error)).toBe(true);
    expect(read.elapsedMs).toBeLessThan(STATEMENT_TIMEOUT_MS + 2000);
    // The timed-out connection left the pool: the next query needs a new one, which cannot be opened.
    const connect = await failure(() => dataSource.query('SELECT 1'));
    expect(isDependencyOutage(connect.error)).toBe(true);
    expect(String((connect.error as Error).message)).not.toBe('Query read timeout');
    expect(connect.elapsedMs).toBeLessThan(CONNECT_TIMEOUT_MS + 2000);

    relay.pass();
    expect(await dataSource.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
