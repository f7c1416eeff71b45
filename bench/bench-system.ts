/**
 * What the system benches share: the project's own Postgres and Redis, the
 * compiled apps started as separate processes under a unique prefix, a
 * bounded-concurrency loop, percentiles, and cleaning up after a run.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { Client } from 'pg';
import { createRedis, percentile } from '@sdd/common';
import { deleteKeys, freePort, LaunchedApp, loadInfra, loadLauncher, webhookSecretsKey } from '@sdd/testing';
import { provideRedis, RedisHandle } from './bench-redis';
import { PG_STAT_STATEMENTS_SETTINGS } from './server-counts';
import { MemoryBreakdown, memoryBreakdown } from './memory-breakdown';

export const log = (message: string): void => {
  process.stderr.write(`${message}\n`);
};
/** Resident memory of a process in MB, from /proc. */
export function residentMb(pid: number): number {
  const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Where an app's resident memory goes: its /proc/<pid>/smaps_rollup beside its own /metrics (bench/memory-breakdown.ts). */
export async function memoryOf(app: App): Promise<MemoryBreakdown> {
  const metrics = await (await fetch(`http://127.0.0.1:${app.opsPort}/metrics`)).text();
  return memoryBreakdown(readFileSync(`/proc/${app.child.pid ?? 0}/smaps_rollup`, 'utf8'), metrics);
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Postgres at DATABASE_URL, or one the project's own scripts start (and
 * the caller stops), with pg_stat_statements loaded so the benches count
 * statements (a server already running keeps its own settings).
 */
export async function providePostgres(): Promise<RedisHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, stop: async () => undefined };
  const infra = loadInfra();
  return infra.startPostgres({ dataDir: join(infra.repoRoot, '.data', 'bench-pg'), database: 'sameday_bench', settings: PG_STAT_STATEMENTS_SETTINGS });
}

/** BENCH_PG=pgbouncer: the apps reach Postgres through PgBouncer in transaction mode (tools/infra/pgbouncer.js), as the e2e E2E_PG=pgbouncer. */
async function providePgBouncer(postgresUrl: string): Promise<RedisHandle | undefined> {
  if (process.env.BENCH_PG !== 'pgbouncer') return undefined;
  const infra = loadInfra();
  return infra.startPgBouncer({ dataDir: join(infra.repoRoot, '.data', 'bench-pgbouncer'), postgresUrl });
}

export { freePort };

export type App = LaunchedApp;

const launcher = loadLauncher();
const STOP_TIMEOUT_MS = 10_000;

/** BENCH_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") go to every app: Node refuses profiling flags in NODE_OPTIONS. */
async function startApp(name: string, env: NodeJS.ProcessEnv): Promise<App> {
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return launcher.launchApp(name, await freePort(), { env, nodeArgs, keepLines: 50 });
}

/** Runs `task(i)` for i in 0..count-1, `inflight` at a time. */
export async function pool(count: number, inflight: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(inflight, count) }, worker));
}

export interface Stat {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export function stat(values: number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? NaN) };
}

/** Drops a run's schemas and Redis keys; reports rather than throws, so the servers still get stopped. */
export async function cleanUp(prefix: string, postgresUrl: string | undefined, redisUrl: string | undefined): Promise<void> {
  try {
    if (postgresUrl) {
      const pg = new Client({ connectionString: postgresUrl });
      await pg.connect();
      const { rows } = await pg.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)`, [`${prefix}_`]);
      for (const { nspname } of rows) await pg.query(`DROP SCHEMA "${nspname}" CASCADE`);
      await pg.end();
      log(`dropped ${rows.length} schemas`);
    }
  } catch (error) {
    log(`postgres cleanup failed: ${(error as Error).message}`);
  }
  try {
    if (redisUrl) {
      const redis = createRedis(redisUrl, { maxRetriesPerRequest: 3 });
      log(`deleted ${await deleteKeys(redis, prefix)} Redis keys`);
      await redis.quit();
    }
  } catch (error) {
    log(`redis cleanup failed: ${(error as Error).message}`);
  }
}

/** CPU seconds a process has used so far (Linux /proc; clock ticks are 100 per second there). */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * CPU seconds used so far by every process named `comm` (e.g. `postgres`:
 * the postmaster and its backends, with what exited backends used, which the
 * kernel adds to their parent's children time). Every such process of the
 * machine: the benches assume they run alone.
 */
export function commandCpuSeconds(comm: string): number {
  let total = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== comm) continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      total += (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100;
    } catch {
      // Gone between the listing and the read.
    }
  }
  return total;
}

/** Busy CPU seconds of the whole machine so far, all cores summed. */
export function machineCpuSeconds(): number {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const ticks = cpu.trim().split(/\s+/).slice(1).map(Number);
  const idle = ticks[3] + ticks[4];
  return (ticks.reduce((sum, value) => sum + value, 0) - idle) / 100;
}

/**
 * CPU seconds used so far by each app (by name), by this bench process when
 * `own` (its client's share), by Postgres and Redis, and by the whole machine:
 * one reading before a load and one after give `cpuMsPer`.
 */
export function cpuSeconds(apps: readonly App[], own = false): Record<string, number> {
  const mine = process.cpuUsage();
  return {
    ...Object.fromEntries(apps.map((app) => [app.name, processCpuSeconds(app.child.pid as number)])),
    ...(own ? { 'bench client': (mine.user + mine.system) / 1e6 } : {}),
    postgres: commandCpuSeconds('postgres'),
    redis: commandCpuSeconds('redis-server'),
    machine: machineCpuSeconds(),
  };
}

/** CPU per unit of work between two `cpuSeconds` readings, ms (two decimals), under the same names. */
export function cpuMsPer(before: Record<string, number>, after: Record<string, number>, units: number): Record<string, number> {
  return Object.fromEntries(Object.keys(before).map((name) => [name, Math.round(((after[name] - before[name]) * 1000 * 100) / units) / 100]));
}

export type Json = Record<string, unknown>;
export type ApiCall = (method: 'GET' | 'POST', path: string, key: string | undefined, body?: unknown) => Promise<{ status: number; body: Json }>;

/**
 * JSON over HTTP to the gateway, with an API key when given. node:http on
 * kept-alive connections rather than fetch: fetch cost the deliveries bench
 * ~1 ms of CPU per creation, taken from the two cores the system under test
 * runs on.
 */
export function apiClient(baseUrl: string): ApiCall {
  const { hostname, port } = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true });
  return (method, path, key, body) =>
    new Promise((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const headers = { ...(key ? { authorization: `Bearer ${key}` } : {}), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) };
      const sent = request({ host: hostname, port, path, method, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          try {
            resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json });
          } catch (error) {
            reject(error);
          }
        });
      });
      sent.on('error', reject);
      sent.end(payload);
    });
}

/** Registers a merchant in Toronto; returns its id and test key. */
export async function registerMerchant(call: ApiCall, businessName: string, prefix: string): Promise<{ merchantId: string; key: string }> {
  const registered = await call('POST', '/v1/merchants/register', undefined, {
    business_name: businessName,
    email: `bench+${prefix}@example.ca`,
    phone: '+1 416 555 0120',
    address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
  });
  const merchantId = (registered.body.merchant as { id?: string } | undefined)?.id;
  const key = (registered.body.api_keys as { test?: string } | undefined)?.test;
  if (!merchantId || !key) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  return { merchantId, key };
}

/** A running system for one bench run: its own prefix, the apps it asked for, a client for the gateway. */
export interface BenchSystem {
  prefix: string;
  postgresUrl: string;
  redisUrl: string;
  baseUrl: string;
  apps: App[];
  call: ApiCall;
  /** Registers clean-up of the bench's own (e.g. a Redis client) to run before the apps and servers stop. */
  defer(cleanup: () => Promise<void>): void;
}

/**
 * Provides Postgres and Redis (DATABASE_URL/REDIS_URL, or servers the
 * project's scripts start), migrates and starts `apps` under a unique prefix
 * with the settings of production plus `env`, runs `bench`, and then, even
 * when it throws, stops the apps, removes the run's schemas and Redis keys and
 * stops the servers it started.
 */
export async function withBenchSystem(
  options: { name: string; apps: readonly string[]; env?: (baseUrl: string) => NodeJS.ProcessEnv },
  bench: (system: BenchSystem) => Promise<void>,
): Promise<void> {
  const prefix = `bench_${options.name}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const started: Array<() => Promise<void>> = [];
  const apps: App[] = [];
  const deferred: Array<() => Promise<void>> = [];
  let postgresUrl: string | undefined;
  let redisUrl: string | undefined;
  try {
    const postgres = await providePostgres();
    started.push(() => postgres.stop());
    postgresUrl = postgres.url;
    const pgbouncer = await providePgBouncer(postgres.url);
    if (pgbouncer) started.push(() => pgbouncer.stop());
    const redis = await provideRedis();
    started.push(() => redis.stop());
    redisUrl = redis.url;
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...launcher.isolatedEnv({
        databaseUrl: postgres.url,
        pooledDatabaseUrl: pgbouncer?.url,
        redisUrl: redis.url,
        redisClusterNodes: process.env.REDIS_CLUSTER_NODES,
        prefix,
        port,
        nodeEnv: 'production',
        webhookSecretsKey: webhookSecretsKey(),
      }),
      RATE_LIMIT_PER_MINUTE: '10000000',
      ...options.env?.(baseUrl),
    };
    log(`prefix ${prefix}: migrating and starting ${options.apps.join(', ')}`);
    for (const app of options.apps) await launcher.migrateApp(app, { env });
    for (const name of options.apps) apps.push(await startApp(name, env));
    await Promise.all(apps.map((app) => launcher.awaitReady(app)));
    const defer = (cleanup: () => Promise<void>) => void deferred.push(cleanup);
    await bench({ prefix, postgresUrl: postgres.url, redisUrl: redis.url, baseUrl, apps, call: apiClient(baseUrl), defer });
  } finally {
    for (const cleanup of deferred.reverse()) await cleanup().catch((error: Error) => log(`clean-up failed: ${error.message}`));
    await Promise.all(apps.map((app) => launcher.stopApp(app, 'SIGTERM', STOP_TIMEOUT_MS)));
    await cleanUp(prefix, postgresUrl, redisUrl);
    for (const stop of started.reverse()) await stop().catch((error: Error) => log(`stop failed: ${error.message}`));
  }
}

/** Runs a bench and exits: 1 with the stack when it throws, else the exit code it set. */
export function runBench(main: () => Promise<void>): void {
  main().then(
    () => process.exit(),
    (error: Error) => {
      log(error.stack ?? error.message);
      process.exit(1);
    },
  );
}
