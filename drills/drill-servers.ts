import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, loadInfra, OwnPostgres, OwnRedisCluster, waitFor, startOwnPostgres, startOwnRedisCluster, TestEnv, withoutSharedServers } from '@sdd/testing';
import { ServerName, ServerSupervisor } from './server-supervisor';

type Server = Awaited<ReturnType<ReturnType<typeof loadInfra>['startRedis']>>;
type PgBouncer = Awaited<ReturnType<ReturnType<typeof loadInfra>['startPgBouncer']>>;

const DATABASE = 'drill_test';

/** The drill stops and flushes these, so they are its own (tools/infra), never the ones tests or `npm start` use. */
export class DrillServers {
  private constructor(
    private readonly dataDir: string,
    private readonly postgres: OwnPostgres,
    private readonly redis: Server,
    private readonly supervisor?: ServerSupervisor,
    private readonly cluster?: OwnRedisCluster,
    private readonly pgBouncer?: PgBouncer,
  ) {}

  /**
   * Postgres, and a Redis Cluster of its own (six nodes, three primaries)
   * instead of a single Redis: the replicated drills'. `pgBouncer`: the apps
   * reach Postgres through PgBouncer in transaction mode (their migrations
   * directly), which stays up when Postgres is stopped behind it.
   */
  static async startOnCluster(dataDir: string, { pgBouncer = false } = {}): Promise<DrillServers> {
    const postgres = await startOwnPostgres({ dataDir: join(dataDir, 'pg'), database: DATABASE, port: await freePort() });
    let bouncer: PgBouncer | undefined;
    try {
      if (pgBouncer) bouncer = await loadInfra().startPgBouncer({ dataDir: join(dataDir, 'pgbouncer'), postgresUrl: postgres.url, log: () => undefined });
      const cluster = await startOwnRedisCluster('drill-cluster');
      const redis: Server = { url: cluster.url, reused: false, external: true, stop: () => cluster.dispose() };
      return new DrillServers(dataDir, postgres, redis, undefined, cluster, bouncer);
    } catch (error) {
      await bouncer?.stop();
      await loadInfra().stopPostgres({ dataDir: join(dataDir, 'pg') });
      throw error;
    }
  }

  get onCluster(): boolean {
    return this.cluster !== undefined;
  }

  get throughPgBouncer(): boolean {
    return this.pgBouncer !== undefined;
  }

  /**
   * What the apps are given: on a cluster, its seed nodes too
   * (REDIS_CLUSTER_NODES); through PgBouncer, its URL as their DATABASE_URL
   * in transaction mode, Postgres itself their DATABASE_DIRECT_URL (launcher.js `isolatedEnv`).
   */
  get env(): TestEnv {
    return {
      databaseUrl: this.databaseUrl,
      redisUrl: this.redisUrl,
      ...(this.cluster ? { redisClusterNodes: this.cluster.nodes } : {}),
      ...(this.pgBouncer ? { pooledDatabaseUrl: this.pgBouncer.url } : {}),
    };
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

  /** Postgres itself, not PgBouncer. */
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

  /**
   * kill -9 of the cluster primary that serves `slot`; resolves once its
   * replica has taken over, with the ports and how long that took.
   */
  async killPrimaryOf(slot: number): Promise<{ primaryPort: number; replicaPort: number; failoverMs: number }> {
    const cluster = this.cluster;
    if (!cluster) throw new Error('this Redis is not a cluster: start the servers with DrillServers.startOnCluster');
    // CLUSTER SLOTS: [first slot, last slot, [host, port, id] of the primary, then of each replica].
    const ranges = await cluster.node(cluster.processes[0].port).cluster('SLOTS');
    const range = ranges.find(([first, last]) => first <= slot && slot <= last);
    const [primaryPort, replicaPort] = [range?.[2]?.[1], range?.[3]?.[1]];
    const victim = cluster.processes.find((node) => node.port === primaryPort);
    if (!victim || replicaPort === undefined) throw new Error(`no primary with a replica serves slot ${slot}`);
    const killedAt = Date.now();
    await cluster.kill(victim.index, 'SIGKILL');
    await waitFor(async () => ((await cluster.node(replicaPort).role())[0] === 'master' ? true : undefined), 60_000, 100);
    return { primaryPort: victim.port, replicaPort, failoverMs: Date.now() - killedAt };
  }

  async stop(): Promise<void> {
    if (this.supervisor) return this.supervisor.stop();
    await this.redis.stop({ force: true });
    await this.pgBouncer?.stop();
    await this.stopPostgres();
  }
}
