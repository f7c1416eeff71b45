import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createRedis, publishToEveryNode, RedisConnection } from '@sdd/common';
import { APP_CONFIG, REDIS } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { ApiKeyCache } from './api-key-cache';

/** Enough for every key in use at once on a busy replica; a fixed bound, not one that grows with traffic. */
const CACHE_CAPACITY = 10_000;
/** A revocation is answered after this at most, told or not: a slow Redis must not hold the merchant's call. */
const ANNOUNCE_WAIT_MS = 500;

/**
 * The gateway's key cache and what keeps it honest across replicas: a key
 * revoked or rolled is dropped here at once, and announced on a Redis
 * channel every replica listens to. A replica that cannot listen (Redis
 * down, reconnecting) uses no cache at all until it listens again, so a
 * revocation is never missed, only the lookups it saves are lost.
 */
@Injectable()
export class ApiKeyInvalidations implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly cache: ApiKeyCache;
  private readonly logger = new Logger(ApiKeyInvalidations.name);
  private readonly channel: string;
  private subscriber?: RedisConnection;

  constructor(
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
    @Inject(REDIS) private readonly redis: RedisConnection,
  ) {
    this.cache = new ApiKeyCache(config.API_KEY_CACHE_MS, CACHE_CAPACITY);
    this.channel = `${config.BUS_PREFIX}:api-key-invalidations`;
  }

  onApplicationBootstrap(): void {
    if (this.config.API_KEY_CACHE_MS === 0) return;
    // Subscribed anew on every 'ready' rather than by ioredis' auto-resubscribe, so the cache is used only once the subscription is back.
    const subscriber = createRedis(this.config.REDIS_URL, {
      connectionName: 'api-gateway-key-invalidations',
      autoResubscribe: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
    });
    subscriber.on('ready', () => {
      subscriber.subscribe(this.channel).then(
        () => this.cache.hearing(),
        () => this.cache.deaf(),
      );
    });
    subscriber.on('close', () => this.cache.deaf());
    // Reconnect failures: the rate limit and readiness already report a Redis outage.
    subscriber.on('error', () => undefined);
    // On a Cluster the same news comes once per node (publishToEveryNode): forgetting a key twice is forgetting it.
    subscriber.on('message', (_channel: string, apiKeyId: string) => this.cache.invalidate(apiKeyId));
    this.subscriber = subscriber;
  }

  /**
   * Call once the change committed: this replica forgets the key now, and the
   * answer waits (briefly) for Redis to pass the news to the others, so a
   * client that saw its revocation answered finds the key refused everywhere.
   */
  async announce(apiKeyId: string): Promise<void> {
    this.cache.invalidate(apiKeyId);
    const told = publishToEveryNode(this.redis, this.channel, apiKeyId).then(
      () => true,
      (error: unknown) => {
        // The other replicas keep the key at most API_KEY_CACHE_MS longer (none, if Redis is down for them too: they are deaf).
        this.logger.warn(`API key ${apiKeyId} changed; other replicas not told: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      },
    );
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ANNOUNCE_WAIT_MS)));
    await Promise.race([told, waited]);
    clearTimeout(timer);
  }

  onApplicationShutdown(): void {
    this.cache.deaf();
    this.subscriber?.disconnect();
  }
}
