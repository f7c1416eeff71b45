import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './free-port';
import { loadInfra, withoutSharedServers } from './infra';
import { repoRoot } from './repo-root';
import { uniquePrefix } from './test-env';

export interface OwnRedis {
  url: string;
  port: number;
  /** Stops the server; `start()` brings it back on the same port with the same data. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data, log and state files. */
  dispose(): Promise<void>;
}

/**
 * A Redis of a test's own (its own data directory and port), for a test that
 * stops or flushes it: test files run side by side on the shared server, and
 * a FLUSHALL there would wipe the others' queues.
 */
export async function startOwnRedis(name: string, options: { appendOnly?: boolean; port?: number } = {}): Promise<OwnRedis> {
  return (await planOwnRedis(name, options)).start();
}

export interface PlannedRedis {
  /** Its URL, password included, before it runs. */
  url: string;
  port: number;
  start(): Promise<OwnRedis>;
}

/** A Redis of a test's own whose URL is known before it starts (a client started while it is not yet up). */
export async function planOwnRedis(name: string, options: { appendOnly?: boolean; port?: number } = {}): Promise<PlannedRedis> {
  const dataDir = join(repoRoot(), '.data', uniquePrefix(name));
  const port = options.port ?? (await freePort());
  return { url: loadInfra().localRedisUrl({ dataDir, port }), port, start: () => startPlanned(dataDir, port, options.appendOnly ?? true) };
}

async function startPlanned(dataDir: string, port: number, appendOnly: boolean): Promise<OwnRedis> {
  const infra = loadInfra();
  const launch = async () => {
    const server = await withoutSharedServers(() => infra.startRedis({ dataDir, appendOnly, port, log: () => undefined }));
    if (server.port !== port) throw new Error(`Redis came back on another port (${server.port}, not ${port})`);
    return server;
  };
  let server = await launch();
  return {
    url: server.url,
    port,
    stop: () => server.stop({ force: true }),
    start: async () => {
      server = await launch();
    },
    dispose: async () => {
      await server.stop({ force: true });
      for (const path of [dataDir, `${dataDir}.log`, `${dataDir}.json`, `${dataDir}.lock`, `${dataDir}.password`]) rmSync(path, { recursive: true, force: true });
    },
  };
}
