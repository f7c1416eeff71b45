import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { Client } from 'pg';
import type { Mode } from '@sdd/contracts';
import { freePort, log, processCpuSeconds } from '../bench-system';
import { hashKey } from './api-key-cache';
import { monolithSchemaSql } from './monolith.schema';

export interface Monolith {
  baseUrl: string;
  /** CPU seconds so far of the primary and its workers. */
  cpuSeconds(): number;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 30_000;
const repoRoot = join(__dirname, '..', '..', '..');

/**
 * Makes the monolith's schema `${prefix}_monolith` (so the run's clean-up
 * drops it), gives it the merchant's key and one delivery as the services
 * answer it, and starts bench/monolith/main.js at LOG_LEVEL=warn.
 */
export async function startMonolith(options: {
  postgresUrl: string;
  prefix: string;
  key: { key: string; merchantId: string; mode: Mode };
  delivery: { id: string; resource: unknown };
}): Promise<Monolith> {
  const schema = `${options.prefix}_monolith`;
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
  const child = spawn(process.execPath, ['-r', join(repoRoot, 'tools', 'register-paths.js'), join(__dirname, 'main.js')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'warn', DATABASE_URL: options.postgresUrl, MONOLITH_SCHEMA: schema, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const pids = await new Promise<number[]>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the monolith was not ready in 30 s')), READY_TIMEOUT_MS);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /^READY (\{.*\})$/m.exec(output)?.[1];
      if (ready === undefined) return;
      clearTimeout(timer);
      resolve((JSON.parse(ready) as { pids: number[] }).pids);
    });
    child.on('exit', (code) => reject(new Error(`the monolith exited with ${code} before it was ready`)));
  });
  log(`monolith: ${pids.length - 1} workers on port ${port}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    cpuSeconds: () => pids.reduce((sum, pid) => sum + processCpuSeconds(pid), 0),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
