import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Cluster, Redis } from 'ioredis';
import { loadInfra } from './infra';
import { uniquePrefix } from './test-env';

export type RedisClusterHandle = Awaited<ReturnType<ReturnType<typeof loadInfra>['startRedisCluster']>>;

/** One line of `CLUSTER NODES`. */
export interface ClusterNodeLine {
  id: string;
  port: number;
  flags: string[];
  /** The id of its primary, for a replica. */
  primaryId?: string;
}

/** `CLUSTER NODES` as a node sees the cluster. */
export function parseClusterNodes(text: string): ClusterNodeLine[] {
  return text
    .trim()
    .split('\n')
    .map((line) => {
      const [id, address, flags, primary] = line.split(' ');
      return { id, port: Number(/:(\d+)@/.exec(address)?.[1]), flags: flags.split(','), ...(primary !== '-' ? { primaryId: primary } : {}) };
    });
}

/**
 * A Redis Cluster of a test file's own (six nodes, tools/infra/redis-cluster.js),
 * for a test that kills its nodes; `admin` is a Cluster client on it and
 * `node(port)` a plain connection to one node (one per node, kept).
 */
export interface OwnRedisCluster extends RedisClusterHandle {
  admin: Cluster;
  node(port: number): Redis;
  dispose(): Promise<void>;
}

export async function startOwnRedisCluster(label: string): Promise<OwnRedisCluster> {
  const infra = loadInfra();
  const dataDir = join(infra.dataRoot, uniquePrefix(label));
  const cluster = await infra.startRedisCluster({ dataDir });
  const { username, password } = new URL(cluster.url);
  const credentials = { username: decodeURIComponent(username), password: decodeURIComponent(password) };
  const seeds = cluster.processes.map((node) => ({ host: '127.0.0.1', port: node.port }));
  const admin = new Cluster(seeds, { redisOptions: { ...credentials, connectionName: 'test-admin' } });
  const opened = new Map<number, Redis>();
  return {
    ...cluster,
    admin,
    node(port: number) {
      const connection = opened.get(port) ?? new Redis({ host: '127.0.0.1', port, ...credentials, connectionName: 'test-admin', maxRetriesPerRequest: 1, lazyConnect: true });
      opened.set(port, connection);
      return connection;
    },
    async dispose() {
      admin.disconnect();
      for (const connection of opened.values()) connection.disconnect();
      await cluster.stop();
      for (const path of [dataDir, `${dataDir}.password`]) rmSync(path, { recursive: true, force: true });
    },
  };
}
