import { ChildProcessByStdio, spawn } from 'node:child_process';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { Client } from 'pg';
import type { Mode } from '@sdd/contracts';
import { freePort, log, processCpuSeconds } from '../bench-system';
import { MonolithShape } from './anchor-names';
import { hashKey } from './api-key-cache';
import { monolithSchemaSql } from './monolith.schema';

export interface Monolith {
  baseUrl: string;
  /** CPU seconds so far of all its processes. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const repoRoot = join(__dirname, '..', '..', '..');

type Child = ChildProcessByStdio<null, Readable, null>;

/** BENCH_MONOLITH_NODE_ARGS (e.g. the apps' heap limits) go to every process of the anchor: a trial of what they cost it. */
const nodeArgs = (process.env.BENCH_MONOLITH_NODE_ARGS ?? '').split(' ').filter(Boolean);

/** Starts bench/monolith/main.js in `role` at LOG_LEVEL=warn; resolves with its pids once it prints READY. */
async function startRole(role: string, env: Record<string, string>): Promise<{ child: Child; pids: number[] }> {
  const child = spawn(process.execPath, [...nodeArgs, '-r', join(repoRoot, 'tools', 'register-paths.js'), join(__dirname, 'main.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'warn', MONOLITH_ROLE: role, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pids = await new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the monolith's ${role} was not ready in 30 s`));
    }, READY_TIMEOUT_MS);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^READY (\{.*\})$/m.exec(output)?.[1];
      if (ready === undefined) return;
      clearTimeout(timer);
      resolve((JSON.parse(ready) as { pids: number[] }).pids);
    });
    child.on('exit', (code) => reject(new Error(`the monolith's ${role} exited with ${code} before it was ready`)));
  });
  return { child, pids };
}

const stopChild = (child: Child) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * Makes the anchor's schema (`${prefix}_monolith`, `_over_bus` after it for
 * that shape, so the run's clean-up drops it), gives it the merchant's key
 * and one delivery as the services answer it, and starts its processes.
 */
export async function startMonolith(options: {
  shape: MonolithShape;
  postgresUrl: string;
  redisUrl: string;
  prefix: string;
  key: { key: string; merchantId: string; mode: Mode };
  delivery: { id: string; resource: unknown };
}): Promise<Monolith> {
  const schema = options.shape === 'per-core' ? `${options.prefix}_monolith` : `${options.prefix}_monolith_over_bus`;
  const pg = new Client({ connectionString: options.postgresUrl });
  await pg.connect();
  try {
    await pg.query(monolithSchemaSql(schema));
    await pg.query(`INSERT INTO "${schema}".api_keys VALUES ($1, $2, $3)`, [hashKey(options.key.key), options.key.merchantId, options.key.mode]);
    await pg.query(`INSERT INTO "${schema}".deliveries VALUES ($1, $2, $3, $4)`, [
      options.delivery.id,
      options.key.merchantId,
      options.key.mode,
      JSON.stringify(options.delivery.resource),
    ]);
  } finally {
    await pg.end();
  }
  const port = await freePort();
  const env = { DATABASE_URL: options.postgresUrl, MONOLITH_SCHEMA: schema, PORT: String(port), REDIS_URL: options.redisUrl, BUS_PREFIX: schema };
  // The store first: the front's requests would otherwise wait on an empty queue.
  const roles = options.shape === 'per-core' ? ['per-core'] : ['store', 'front'];
  const started: Array<{ child: Child; pids: number[] }> = [];
  const stopAll = async () => {
    for (const { child } of [...started].reverse()) await stopChild(child);
  };
  try {
    for (const role of roles) started.push(await startRole(role, env));
  } catch (error) {
    await stopAll();
    throw error;
  }
  const pids = started.flatMap(({ pids }) => pids);
  log(`monolith ${options.shape}: ${pids.length} processes, port ${port}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    cpuSeconds: () => pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0),
    stop: stopAll,
  };
}
