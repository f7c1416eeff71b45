import { createRedis } from '@sdd/common';

/** Removes every key a test file created under its prefix. */
export async function deleteKeysWithPrefix(redisUrl: string, prefix: string): Promise<number> {
  const redis = createRedis(redisUrl, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) deleted += await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
