import { Redis } from 'ioredis';
import { createRedis } from '@sdd/common';

/** Removes every key under `prefix` through an open connection; resolves with how many went. */
export async function deleteKeys(redis: Redis, prefix: string): Promise<number> {
  let deleted = 0;
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) deleted += await redis.unlink(...keys);
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
