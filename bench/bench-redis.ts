import { join } from 'node:path';
import { loadInfra } from '@sdd/testing';

export interface RedisHandle {
  url: string;
  stop(): Promise<void>;
}

/** The Redis at REDIS_URL, or one the project's own scripts start (and the caller stops). */
export async function provideRedis(): Promise<RedisHandle> {
  const url = process.env.REDIS_URL;
  if (url) return { url, stop: async () => undefined };
  const infra = loadInfra();
  return infra.startRedis({ dataDir: join(infra.repoRoot, '.data', 'bench-redis'), appendOnly: false });
}
