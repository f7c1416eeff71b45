import { once } from 'node:events';
import { Cluster, Redis } from 'ioredis';
import { createRedis, RedisConnection } from '@sdd/common';

/**
 * Removes every key under `prefix` through an open connection; resolves with
 * how many went. On a Cluster, every primary is scanned, and each key goes
 * in a command of its own (one UNLINK may not cross slots).
 */
export async function deleteKeys(redis: RedisConnection, prefix: string): Promise<number> {
  const servers = redis instanceof Cluster ? await primariesOf(redis) : [redis];
  const deleted = await Promise.all(servers.map((server) => deleteKeysOn(server, prefix)));
  return deleted.reduce((sum, count) => sum + count, 0);
}

/** A Cluster knows its nodes once it is ready (it connects in the background). */
async function primariesOf(cluster: Cluster): Promise<Redis[]> {
  if (cluster.status !== 'ready') await once(cluster, 'ready');
  return cluster.nodes('master');
}

async function deleteKeysOn(server: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await server.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length === 0) continue;
    const pipeline = server.pipeline();
    for (const key of keys) pipeline.unlink(key);
    for (const [error, count] of (await pipeline.exec()) ?? []) if (!error) deleted += Number(count);
  } while (cursor !== '0');
  return deleted;
}

/** Removes every key a test file created under its prefix. */
export async function deleteKeysWithPrefix(redisUrl: string, prefix: string): Promise<number> {
  const redis = createRedis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    return await deleteKeys(redis, prefix);
  } finally {
    redis.disconnect();
  }
}
