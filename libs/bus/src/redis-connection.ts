import { RedisOptions } from 'ioredis';
import { createRedis, RedisConnection } from '@sdd/common';

/**
 * A connection for blocking reads and BullMQ workers: commands wait through
 * reconnects instead of failing (BullMQ requires maxRetriesPerRequest null).
 */
export function createBlockingConnection(url: string, name: string): RedisConnection {
  return createRedis(url, { maxRetriesPerRequest: null, connectionName: name });
}

/**
 * A connection for producers: while Redis is unreachable, commands fail at
 * once so a caller gets a 503 now rather than a hang.
 */
export function createProducerConnection(url: string, name: string, extra: RedisOptions = {}): RedisConnection {
  return createRedis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectionName: name, ...extra });
}

/** Resolves once the connection is ready, or rejects with the connection error. */
export function whenReady(redis: RedisConnection): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onReady = () => {
      redis.off('error', onError);
      resolve();
    };
    const onError = (error: Error) => {
      redis.off('ready', onReady);
      reject(error);
    };
    redis.once('ready', onReady);
    redis.once('error', onError);
  });
}
