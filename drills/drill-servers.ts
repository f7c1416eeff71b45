import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, loadInfra, withoutSharedServers } from '@sdd/testing';

type Server = Awaited<ReturnType<ReturnType<typeof loadInfra>['startPostgres']>>;

/** The drill stops and flushes these, so they are its own (tools/infra), never the ones tests or `npm start` use. */
export class DrillServers {
  private constructor(
    private readonly dataDir: string,
    private postgres: Server,
    private readonly redis: Server,
  ) {}

  /** Postgres and Redis (append-only, as `npm start` runs it) in `dataDir`; a server left there by an earlier run is taken over. */
  static async start(dataDir: string): Promise<DrillServers> {
    const infra = loadInfra();
    const [pgPort, redisPort] = [await freePort(), await freePort()];
    const postgres = await withoutSharedServers(() => infra.startPostgres({ dataDir: join(dataDir, 'pg'), database: 'drill_test', port: pgPort }));
    try {
      const redis = await withoutSharedServers(() => infra.startRedis({ dataDir: join(dataDir, 'redis'), appendOnly: true, port: redisPort }));
      return new DrillServers(dataDir, postgres, redis);
    } catch (error) {
      await postgres.stop({ force: true });
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
    await this.postgres.stop({ force: true });
  }

  /** Starts Postgres again on the port the apps know. */
  async startPostgres(): Promise<void> {
    const url = this.postgres.url;
    const port = this.postgres.port;
    this.postgres = await withoutSharedServers(() =>
      loadInfra().startPostgres({ dataDir: join(this.dataDir, 'pg'), database: 'drill_test', port }),
    );
    if (this.postgres.url !== url) throw new Error(`Postgres came back on another port (${this.postgres.port}, not ${port})`);
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
    await this.postgres.stop({ force: true });
  }
}
