import { readFileSync } from 'node:fs';
import { Redis, RedisOptions } from 'ioredis';

/**
 * The options for a connection to `url`: credentials and TLS come from the
 * URL (`rediss://user:password@host:port`, parsed by ioredis), and `ca`, when
 * given, is the only authority a `rediss://` server's certificate is checked
 * against. A plain `redis://` URL never gets TLS options.
 */
export function redisOptionsFor(url: string, options: RedisOptions, ca: string | undefined): RedisOptions {
  if (ca === undefined || !/^rediss:\/\//i.test(url)) return options;
  return { ...options, tls: { ...options.tls, ca } };
}

/**
 * Every Redis connection of the system opens here. REDIS_TLS_CA_FILE is
 * read like NODE_EXTRA_CA_CERTS (a process-wide trust setting, validated at
 * start-up by BaseConfig), so a private CA reaches every connection without
 * each caller carrying it.
 */
export function createRedis(url: string, options: RedisOptions): Redis {
  const caFile = process.env.REDIS_TLS_CA_FILE;
  const ca = caFile ? readFileSync(caFile, 'utf8') : undefined;
  return new Redis(url, redisOptionsFor(url, options, ca));
}
