/**
 * The monolith anchor of `npm run bench:http` (bench/README.md), in one of
 * three roles (MONOLITH_ROLE):
 * - `per-core` (the default): one worker per core (node:cluster), each a
 *   Fastify app on its own pg pool;
 * - `front` and `store`: the same app split by one hop on our bus
 *   (monolith-over-bus.ts), one process each, as the gateway and a service.
 * Settings: DATABASE_URL, MONOLITH_SCHEMA (tables made by the bench,
 * monolith.schema.ts), PORT (per-core, front), REDIS_URL and BUS_PREFIX
 * (front, store), MONOLITH_WORKERS (per-core; default: the cores),
 * MONOLITH_POOL_SIZE (connections per process, default 10). Prints
 * `READY {"pids":[…]}` once every process serves; SIGTERM stops them all.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { Pool } from 'pg';
import { BusClient, BusServer } from '@sdd/bus';
import { inProcessWork, monolithApp, MonolithWork } from './monolith.app';
import { MONOLITH_ROUTES, MONOLITH_STORE_QUEUE, overBusWork, serveOverBus } from './monolith-over-bus';
import { MonolithStore } from './monolith.store';

const ROLE = process.env.MONOLITH_ROLE ?? 'per-core';
const WORKERS = Number(process.env.MONOLITH_WORKERS ?? availableParallelism());
const POOL_SIZE = Number(process.env.MONOLITH_POOL_SIZE ?? 10);
const PORT = Number(process.env.PORT ?? 3100);
const bus = { redisUrl: process.env.REDIS_URL ?? '', prefix: process.env.BUS_PREFIX ?? '' };

const pool = () => new Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE, options: `-c search_path="${process.env.MONOLITH_SCHEMA}"` });

const ready = (pids: Array<number | undefined>) => process.stdout.write(`READY ${JSON.stringify({ pids })}\n`);

/** Serves HTTP with `work`; `stop` closes what the work holds once the server has. */
async function serveHttp(work: MonolithWork, stop: () => Promise<unknown>): Promise<void> {
  const app = monolithApp(work);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(stop));
}

async function perCoreWorker(): Promise<void> {
  const connections = pool();
  await serveHttp(inProcessWork(new MonolithStore(connections)), () => connections.end());
  process.send?.('listening');
}

function perCorePrimary(): void {
  let listening = 0;
  for (let i = 0; i < WORKERS; i++) {
    cluster.fork().on('message', (message) => {
      if (message !== 'listening' || ++listening < WORKERS) return;
      ready([process.pid, ...Object.values(cluster.workers ?? {}).map((w) => w?.process.pid)]);
    });
  }
  cluster.on('exit', (w, code) => {
    if (code !== 0) process.stderr.write(`monolith worker ${w.process.pid} exited with ${code}\n`);
  });
  process.on('SIGTERM', () => {
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
    cluster.disconnect(() => process.exit(0));
  });
}

async function front(): Promise<void> {
  const connections = pool();
  const client = new BusClient({ ...bus, routes: MONOLITH_ROUTES });
  await client.connect();
  await serveHttp(overBusWork(client, new MonolithStore(connections)), () => Promise.all([client.close(), connections.end()]));
  ready([process.pid]);
}

async function store(): Promise<void> {
  const connections = pool();
  const server = new BusServer({ ...bus, service: MONOLITH_STORE_QUEUE });
  serveOverBus(server, inProcessWork(new MonolithStore(connections)));
  await new Promise<void>((resolve, reject) => void server.listen((error) => (error ? reject(error) : resolve())));
  process.on('SIGTERM', () => void server.close().then(() => connections.end()));
  ready([process.pid]);
}

const roles: Record<string, () => void | Promise<void>> = {
  'per-core': () => (cluster.isPrimary ? perCorePrimary() : perCoreWorker()),
  front,
  store,
};

const role = roles[ROLE];
if (role === undefined) throw new Error(`MONOLITH_ROLE must be one of ${Object.keys(roles).join(', ')}, got ${ROLE}`);
Promise.resolve(role()).catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
