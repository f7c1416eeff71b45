/**
 * The monolith anchor of `npm run bench:http` (bench/README.md): one worker
 * per core (node:cluster), each a Fastify app on its own pg pool. Settings:
 * DATABASE_URL, MONOLITH_SCHEMA (tables made by the bench,
 * monolith.schema.ts), PORT, MONOLITH_WORKERS (default: the cores),
 * MONOLITH_POOL_SIZE (connections per worker, default 10). Prints
 * `READY {"pids":[…]}` (the primary's and the workers') once every worker
 * listens; SIGTERM stops them all.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { Pool } from 'pg';
import { monolithApp } from './monolith.app';

const WORKERS = Number(process.env.MONOLITH_WORKERS ?? availableParallelism());
const POOL_SIZE = Number(process.env.MONOLITH_POOL_SIZE ?? 10);
const PORT = Number(process.env.PORT ?? 3100);

async function worker(): Promise<void> {
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: POOL_SIZE, options: `-c search_path="${process.env.MONOLITH_SCHEMA}"` });
  const app = monolithApp(pool);
  await app.listen({ port: PORT, host: '127.0.0.1' });
  process.on('SIGTERM', () => void app.close().then(() => pool.end()));
  process.send?.('listening');
}

function primary(): void {
  let listening = 0;
  for (let i = 0; i < WORKERS; i++) {
    cluster.fork().on('message', (message) => {
      if (message !== 'listening' || ++listening < WORKERS) return;
      const pids = [process.pid, ...Object.values(cluster.workers ?? {}).map((w) => w?.process.pid)];
      process.stdout.write(`READY ${JSON.stringify({ pids })}\n`);
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

if (cluster.isPrimary) primary();
else
  worker().catch((error: Error) => {
    process.stderr.write(`${error.stack ?? error.message}\n`);
    process.exit(1);
  });
