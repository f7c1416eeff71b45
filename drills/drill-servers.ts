import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, loadInfra, OwnPostgres, OwnRedisCluster, startOwnPostgres, startOwnRedisCluster, TestEnv, withoutSharedServers } from '@sdd/testing';
import { ServerName, ServerSupervisor } from './server-supervisor';

type Server = Awaited<ReturnType<ReturnType<typeof loadInfra>['startRedis']>>;

const DATABASE = 'drill_test';

/** The drill stops and flushes these, so they are its own (tools/infra), never the ones tests or `npm start` use. */
export class DrillServers {
  private constructor(
    private readonly dataDir: string,
    private readonly postgres: OwnPostgres,
    private readonly redis: Server,
    private readonly supervisor?: ServerSupervisor,
    private readonly cluster?: OwnRedisCluster,
  ) {}

  /** Postgres, and a Redis Cluster of its own (six nodes, three primaries) instead of a single Redis: the replicated drills'. */
  static async startOnCluster(dataDir: string): Promise<DrillServers> {
    const postgres = await startOwnPostgres({ dataDir: join(dataDir, 'pg'), database: DATABASE, port: await freePort() });
    try {
      const cluster = await startOwnRedisCluster('drill-cluster');
      const redis: Server = { url: cluster.url, reused: false, external: true, stop: () => cluster.dispose() };
      return new DrillServers(dataDir, postgres, redis, undefined, cluster);
    } catch (error) {
      await loadInfra().stopPostgres({ dataDir: join(dataDir, 'pg') });
      throw error;
    }
  }

  get onCluster(): boolean {
    return this.cluster !== undefined;
  }

  /** What the apps are given: on a cluster, its seed nodes too (REDIS_CLUSTER_NODES). */
  get env(): TestEnv {
    return { databaseUrl: this.databaseUrl, redisUrl: this.redisUrl, ...(this.cluster ? { redisClusterNodes: this.cluster.nodes } : {}) };
  }

  /** Postgres and Redis started and restarted as under `npm start` (server-supervisor.ts), for a drill that kills them. */
  static async startSupervised(dataDir: string): Promise<DrillServers> {
    const supervisor = await ServerSupervisor.start(dataDir, DATABASE);
    const postgres: OwnPostgres = { url: supervisor.databaseUrl, port: supervisor.current('Postgres').port, stop: () => supervisor.stop() };
    const redis: Server = { url: supervisor.redisUrl, reused: false, external: true, stop: () => supervisor.stop() };
    return new DrillServers(dataDir, postgres, redis, supervisor);
  }

  /** SIGKILL of the server's main process; resolves once its supervisor has it back. */
  async killServer(name: ServerName): Promise<{ downMs: number; log: string }> {
    if (!this.supervisor) throw new Error('these servers are not supervised: start them with DrillServers.startSupervised');
    const { downMs } = await this.supervisor.kill(name);
    return { downMs, log: this.supervisor.log };
  }

  /** Postgres and Redis (append-only, as `npm start` runs it) in `dataDir`; a server left there by an earlier run is taken over. */
  static async start(dataDir: string): Promise<DrillServers> {
    const [pgPort, redisPort] = [await freePort(), await freePort()];
    const postgres = await startOwnPostgres({ dataDir: join(dataDir, 'pg'), database: DATABASE, port: pgPort });
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
    const { port } = await startOwnPostgres({ dataDir: join(this.dataDir, 'pg'), database: DATABASE, port: this.postgres.port });
    if (port !== this.postgres.port) throw new Error(`Postgres came back on another port (${port}, not ${this.postgres.port})`);
  }

  /** FLUSHALL; on a cluster, on every primary (their replicas follow). */
  async flushRedis(): Promise<void> {
    if (this.cluster) {
      await Promise.all(this.cluster.admin.nodes('master').map((primary) => primary.flushall()));
      return;
    }
    const client = new Redis(this.redis.url, { maxRetriesPerRequest: 3 });
    try {
      await client.flushall();
    } finally {
      client.disconnect();
    }
  }

  async stop(): Promise<void> {
    if (this.supervisor) return this.supervisor.stop();
    await this.redis.stop({ force: true });
    await this.stopPostgres();
  }
}
