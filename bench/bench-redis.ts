import { join } from 'node:path';
import { loadInfra } from '@sdd/testing';

export interface RedisHandle {
  url: string;
  stop(): Promise<void>;
}

/**
 * The Redis at REDIS_URL (a Redis Cluster's too when REDIS_CLUSTER_NODES is
 * set), or one the project's own scripts start (and the caller stops):
 * with BENCH_REDIS=cluster a local six-node Redis Cluster
 * (`.data/bench-redis-cluster`), whose seeds then go to REDIS_CLUSTER_NODES of
 * this process (createRedis reads it) and of the apps (`redisClusterNodes`).
 */
export async function provideRedis(): Promise<RedisHandle> {
  const url = process.env.REDIS_URL;
  if (url) return { url, stop: async () => undefined };
  const infra = loadInfra();
  if (process.env.BENCH_REDIS === 'cluster') {
    const cluster = await infra.startRedisCluster({ dataDir: join(infra.repoRoot, '.data', 'bench-redis-cluster') });
    process.env.REDIS_CLUSTER_NODES = cluster.nodes;
    return cluster;
  }
  return infra.startRedis({ dataDir: join(infra.repoRoot, '.data', 'bench-redis'), appendOnly: false });
}
