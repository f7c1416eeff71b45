import { Redis } from 'ioredis';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from '@sdd/testing';

export interface RedisHandle {
  url: string;
  stop(): Promise<void>;
}

interface InfraModule {
  startRedis(options: { dataDir: string; appendOnly?: boolean }): Promise<RedisHandle>;
}

/** The Redis at REDIS_URL, or one the project's own scripts start (and the caller stops). */
export async function provideRedis(): Promise<RedisHandle> {
  const url = process.env.REDIS_URL;
  if (url) return { url, stop: async () => undefined };
  const root = repoRoot();
  // tools/ is plain CommonJS outside the TypeScript build, so it is loaded at run time rather than imported.
  const infra = createRequire(__filename)(join(root, 'tools', 'infra')) as InfraModule;
  return infra.startRedis({ dataDir: join(root, '.data', 'bench-redis'), appendOnly: false });
}

/** Removes a run's keys (libs/testing has the same for tests, with jest around it). */
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
