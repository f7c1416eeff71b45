/**
 * Deliveries through the gateway over HTTP, on the real system (issue 5):
 * create and retrieve latency, and how late the test-timeline steps fire with
 * 1,000 test deliveries running. See bench/README.md "Deliveries".
 */
import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { deleteKeys, provideRedis, RedisHandle } from '../bench-redis';
import { percentile } from '../bus/stats';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 20);
const RETRIEVES = Number(process.env.BENCH_RETRIEVES ?? 2 * DELIVERIES);
const SPEED = Number(process.env.BENCH_TIMELINE_SPEED ?? 8);
const SETTLE_MS = 5000;
const APPS = ['api-gateway', 'quote-service', 'delivery-service'] as const;
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
/** The steps that run as timeline jobs and leave a trace: `pending` writes no event, so its time is not observable. */
const EVENT_STEPS: Record<string, string> = {
  'delivery.driver_assigned': 'driver_assigned',
  'delivery.picked_up': 'picked_up',
  'delivery.in_transit': 'in_transit',
  'delivery.delivered': 'delivered',
};

function repoRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'tools', 'infra'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no repository root (with tools/infra) above ${__dirname}`);
  }
}
const root = repoRoot();
const log = (message: string) => process.stderr.write(`${message}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function providePostgres(): Promise<RedisHandle> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, stop: async () => undefined };
  const infra = createRequire(__filename)(join(root, 'tools', 'infra')) as {
    startPostgres(options: { dataDir: string; database?: string }): Promise<RedisHandle>;
  };
  return infra.startPostgres({ dataDir: join(root, '.data', 'bench-pg'), database: 'sameday_bench' });
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface App {
  name: string;
  child: ChildProcess;
  opsPort: number;
  logs: string[];
  exited: Promise<unknown>;
}

function entry(app: string, file: 'main' | 'migrate'): string {
  const path = join(root, 'dist/apps', app, 'src', `${file}.js`);
  if (!existsSync(path)) throw new Error(`${path} is missing: run \`npm run build\` first`);
  return path;
}

async function startApp(name: string, env: NodeJS.ProcessEnv): Promise<App> {
  const opsPort = await freePort();
  const child = spawn(process.execPath, ['-r', join(root, 'tools/register-paths.js'), entry(name, 'main')], {
    env: { ...env, OPS_PORT: String(opsPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: string[] = [];
  const keep = (chunk: Buffer) => {
    logs.push(...chunk.toString().split('\n').filter(Boolean));
    logs.splice(0, Math.max(0, logs.length - 50));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return { name, child, opsPort, logs, exited };
}

async function awaitReady(app: App): Promise<void> {
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    if (app.child.exitCode !== null) break;
    const ok = await fetch(`http://127.0.0.1:${app.opsPort}/health/ready`).then((r) => r.ok, () => false);
    if (ok) return;
    await sleep(100);
  }
  throw new Error(`${app.name} did not become ready (exit code ${app.child.exitCode})\n${app.logs.slice(-20).join('\n')}`);
}

async function stopApp(app: App): Promise<void> {
  if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGTERM');
  const timer = setTimeout(() => app.child.kill('SIGKILL'), 10000);
  await app.exited;
  clearTimeout(timer);
}

/** Runs `task(i)` for i in 0..count-1, `inflight` at a time. */
async function pool(count: number, inflight: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) await task(next++);
  };
  await Promise.all(Array.from({ length: Math.min(inflight, count) }, worker));
}

type Json = Record<string, unknown>;

interface Stat {
  n: number;
  p50: number;
  p99: number;
  max: number;
}
function stat(values: number[]): Stat {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (v: number) => Math.round(v * 100) / 100;
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)), max: round(sorted[sorted.length - 1] ?? NaN) };
}

async function main(): Promise<void> {
  const prefix = `bench_del_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const schemaPrefix = `${prefix}_`;
  const started: Array<() => Promise<void>> = [];
  const apps: App[] = [];
  let pg: Client | undefined;
  let postgresUrl: string | undefined;
  let redisUrl: string | undefined;
  try {
    const postgres = await providePostgres();
    started.push(() => postgres.stop());
    postgresUrl = postgres.url;
    const redis = await provideRedis();
    started.push(() => redis.stop());
    redisUrl = redis.url;
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      BUS_PREFIX: prefix,
      DB_SCHEMA_PREFIX: schemaPrefix,
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '10000000',
      TIMELINE_SPEED: String(SPEED),
      PUBLIC_BASE_URL: baseUrl,
    };
    log(`prefix ${prefix}: migrating and starting ${APPS.join(', ')}`);
    for (const app of APPS) {
      execFileSync(process.execPath, ['-r', join(root, 'tools/register-paths.js'), entry(app, 'migrate')], { env, stdio: 'pipe' });
    }
    for (const name of APPS) apps.push(await startApp(name, env));
    await Promise.all(apps.map(awaitReady));

    const call = async (method: 'GET' | 'POST', path: string, key: string | undefined, body?: unknown) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Json };
    };

    const registered = await call('POST', '/v1/merchants/register', undefined, {
      business_name: 'Bench Deliveries Co',
      email: `bench+${prefix}@example.ca`,
      phone: '+1 416 555 0120',
      address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
    });
    const key = (registered.body.api_keys as { test?: string } | undefined)?.test;
    if (!key) throw new Error(`register failed: ${registered.status} ${JSON.stringify(registered.body)}`);

    // Quotes first, untimed.
    const quotes: string[] = [];
    await pool(DELIVERIES, INFLIGHT, async (i) => {
      const quote = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: DROPOFF });
      if (quote.status !== 200) throw new Error(`quote failed: ${quote.status} ${JSON.stringify(quote.body)}`);
      quotes[i] = quote.body.id as string;
    });
    log(`${quotes.length} quotes made; creating ${DELIVERIES} deliveries, ${INFLIGHT} in flight`);

    // Creates, timed.
    const createMs: number[] = [];
    const due = new Map<string, Map<string, number>>(); // delivery id → step → due time (ms)
    let createErrors = 0;
    const createStart = Date.now();
    await pool(DELIVERIES, INFLIGHT, async (i) => {
      const t0 = process.hrtime.bigint();
      const created = await call('POST', '/v1/deliveries', key, { quote_id: quotes[i], customer: { name: 'Sam', phone: '416 555 0142' } });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (created.status !== 201) {
        createErrors += 1;
        log(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
        return;
      }
      createMs.push(ms);
      const timeline = created.body.simulated_timeline as Array<{ status: string; at: string }>;
      due.set(created.body.id as string, new Map(timeline.map((step) => [step.status, Date.parse(step.at)])));
    });
    const createSeconds = (Date.now() - createStart) / 1000;
    log(`created ${due.size} in ${createSeconds.toFixed(1)} s; retrieving ${RETRIEVES}`);

    // Retrieves of random deliveries, timed (the timeline keeps running meanwhile).
    const ids = [...due.keys()];
    const retrieveMs: number[] = [];
    let retrieveErrors = 0;
    await pool(RETRIEVES, INFLIGHT, async () => {
      const id = ids[Math.floor(Math.random() * ids.length)];
      const t0 = process.hrtime.bigint();
      const got = await call('GET', `/v1/deliveries/${id}`, key);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (got.status !== 200 || got.body.id !== id) {
        retrieveErrors += 1;
        return;
      }
      retrieveMs.push(ms);
    });

    // Wait for the last delivered step plus a margin, then read what happened when.
    const lastDue = Math.max(...[...due.values()].map((steps) => steps.get('delivered') ?? 0));
    const waitMs = Math.max(0, lastDue + SETTLE_MS - Date.now());
    log(`waiting ${(waitMs / 1000).toFixed(1)} s for the last timeline to finish`);
    await sleep(waitMs);

    pg = new Client({ connectionString: postgres.url });
    await pg.connect();
    const schema = `"${schemaPrefix}deliveries"`;
    const { rows: events } = await pg.query<{ delivery_id: string; type: string; created_at: Date }>(
      `SELECT delivery_id, type, created_at FROM ${schema}.outbox_events WHERE type = ANY($1)`,
      [Object.keys(EVENT_STEPS)],
    );
    const { rows: statuses } = await pg.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM ${schema}.deliveries GROUP BY status`,
    );
    const byStep: Record<string, number[]> = {};
    const all: number[] = [];
    for (const event of events) {
      const step = EVENT_STEPS[event.type];
      const dueAt = due.get(event.delivery_id)?.get(step);
      if (dueAt === undefined) continue;
      const lateness = event.created_at.getTime() - dueAt;
      (byStep[step] ??= []).push(lateness);
      all.push(lateness);
    }
    const delivered = statuses.find((s) => s.status === 'delivered')?.n ?? 0;

    // Most deliveries live at once: created, and not yet due to be delivered.
    const edges: Array<[number, number]> = [];
    for (const steps of due.values()) edges.push([steps.get('created') ?? 0, 1], [steps.get('delivered') ?? 0, -1]);
    edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let live = 0;
    let peakActive = 0;
    for (const [, change] of edges) peakActive = Math.max(peakActive, (live += change));

    const result = {
      deliveries: DELIVERIES,
      inflight: INFLIGHT,
      timelineSpeed: SPEED,
      cores: cpus().length,
      loadavg1: Math.round(loadavg()[0] * 100) / 100,
      create: { ...stat(createMs), errors: createErrors, seconds: Math.round(createSeconds * 10) / 10 },
      retrieve: { ...stat(retrieveMs), errors: retrieveErrors },
      peakActive,
      delivered,
      statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      latenessMs: { all: stat(all), ...Object.fromEntries(Object.entries(byStep).map(([step, values]) => [step, stat(values)])) },
    };

    const row = (label: string, s: Stat) =>
      `${label.padEnd(26)}${String(s.n).padStart(6)}${s.p50.toFixed(1).padStart(10)}${s.p99.toFixed(1).padStart(10)}${s.max.toFixed(1).padStart(10)}`;
    console.log(`\nDeliveries over HTTP: ${DELIVERIES} test deliveries, ${INFLIGHT} in flight, TIMELINE_SPEED=${SPEED}, ${cpus().length} cores`);
    console.log(`${''.padEnd(26)}${'n'.padStart(6)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'max ms'.padStart(10)}`);
    console.log(row('POST /v1/deliveries', result.create));
    console.log(row('GET /v1/deliveries/{id}', result.retrieve));
    for (const step of Object.values(EVENT_STEPS)) if (byStep[step]) console.log(row(`late: ${step}`, result.latenessMs[step as 'all']));
    console.log(row('late: all observed steps', result.latenessMs.all));
    console.log(
      `create errors ${createErrors}, retrieve errors ${retrieveErrors}; delivered ${delivered}/${DELIVERIES}; ` +
        `peak active ${peakActive}; creates took ${result.create.seconds} s`,
    );
    console.log(`RESULT ${JSON.stringify(result)}`);
    if (createErrors + retrieveErrors > 0 || delivered !== DELIVERIES) process.exitCode = 1;
  } finally {
    await Promise.all(apps.map(stopApp));
    try {
      if (postgresUrl) {
        // This run's data goes before the servers the bench started are stopped.
        if (!pg) {
          pg = new Client({ connectionString: postgresUrl });
          await pg.connect();
        }
        const { rows } = await pg.query<{ nspname: string }>(`SELECT nspname FROM pg_namespace WHERE starts_with(nspname, $1)`, [schemaPrefix]);
        for (const { nspname } of rows) await pg.query(`DROP SCHEMA "${nspname}" CASCADE`);
        await pg.end();
        log(`dropped ${rows.length} schemas`);
      }
    } catch (error) {
      log(`postgres cleanup failed: ${(error as Error).message}`);
    }
    try {
      if (redisUrl) {
        const redis = new Redis(redisUrl, { maxRetriesPerRequest: 3 });
        log(`deleted ${await deleteKeys(redis, prefix)} Redis keys`);
        await redis.quit();
      }
    } catch (error) {
      log(`redis cleanup failed: ${(error as Error).message}`);
    }
    for (const stop of started.reverse()) await stop().catch((error: Error) => log(`stop failed: ${error.message}`));
  }
}

main().then(
  () => process.exit(),
  (error: Error) => {
    log(error.stack ?? error.message);
    process.exit(1);
  },
);
