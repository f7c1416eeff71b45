import { ChainableCommander } from 'ioredis';
import { Batcher, createRedis, pipelineGroups, RedisConnection } from '@sdd/common';
import { RateWindow } from './rate-limit';

/**
 * How long the limiter waits for Redis before letting a request through
 * uncounted: a Redis blip may cost each request this much, never more.
 */
export const REDIS_TIMEOUT_MS = 200;

/**
 * INCR, and EXPIRE only when that INCR created the key: atomic, in one round
 * trip. A script rather than MULTI INCR + EXPIRE … NX because EXPIRE NX needs
 * Redis 7 (managed Redis often lags), and MULTI would resend the EXPIRE with
 * every request. ioredis sends it as EVALSHA, falling back to EVAL once when
 * the server has not cached it yet.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Hits in one pipeline at most. */
const HITS_PER_WRITE = 100;
/** Pipelines in flight at once; hits made meanwhile wait and go together in the next. */
const WRITES_IN_FLIGHT = 2;

interface HitCommand {
  rateLimitHit(key: string, ttlSeconds: number): Promise<number>;
}

interface HitPipeline extends ChainableCommander {
  rateLimitHit(key: string, ttlSeconds: number): HitPipeline;
}

interface Hit {
  key: string;
  ttlSeconds: number;
}

/**
 * A connection of its own, failing fast: with no offline queue a command
 * while disconnected is refused at once instead of piling up, and the command
 * timeout bounds a Redis that accepts but does not answer.
 */
export function createRateLimitRedis(url: string): RedisConnection {
  return createRedis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_TIMEOUT_MS,
    connectionName: 'api-gateway-rate-limit',
  });
}

/** Request counters per identity and window, in Redis so that every gateway replica shares one budget. */
export class RateLimiter {
  /**
   * Every request is one hit, and a write to Redis is the gateway's largest
   * cost after the response's own: the hits of requests arriving together go
   * in one pipeline (one write, one read; each hit still its own script and
   * its own count, and each key where it would be alone).
   */
  private readonly hits = new Batcher<Hit, number | Error>((hits) => this.send(hits), {
    maxSize: HITS_PER_WRITE,
    maxConcurrent: WRITES_IN_FLIGHT,
  });

  private readonly redis: RedisConnection & HitCommand;

  constructor(
    redis: RedisConnection,
    private readonly prefix: string,
  ) {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as RedisConnection & HitCommand;
  }

  /**
   * Counts one request; resolves with the window's count so far, this request
   * included. The counter outlives its window (twice its length) even when
   * replicas' clocks disagree slightly; nobody reads it afterwards.
   */
  async hit(identity: string, window: RateWindow): Promise<number> {
    const count = await this.hits.add({ key: this.key(identity, window), ttlSeconds: 2 * (window.end - window.start) });
    if (count instanceof Error) throw count;
    return count;
  }

  /** The window's count so far, without counting. */
  async peek(identity: string, window: RateWindow): Promise<number> {
    return Number((await this.redis.get(this.key(identity, window))) ?? 0);
  }

  private async send(hits: Hit[]): Promise<Array<number | Error>> {
    // Alone, a pipeline's own objects cost more than they save.
    if (hits.length === 1) {
      const [{ key, ttlSeconds }] = hits;
      return [await this.redis.rateLimitHit(key, ttlSeconds).catch((error: Error) => error)];
    }
    // A Cluster takes a pipeline to one node only: the hits' keys spread over its nodes, so one pipeline per node.
    const counts = new Map<Hit, number | Error>();
    await Promise.all(pipelineGroups(this.redis, hits, (hit) => hit.key).map((group) => this.sendPipeline(group, counts)));
    return hits.map((hit) => counts.get(hit) ?? new Error('Redis gave no reply to a rate-limit hit'));
  }

  private async sendPipeline(hits: Hit[], counts: Map<Hit, number | Error>): Promise<void> {
    const pipeline = this.redis.pipeline() as HitPipeline;
    for (const { key, ttlSeconds } of hits) pipeline.rateLimitHit(key, ttlSeconds);
    const results = await pipeline.exec().catch((error: Error) => hits.map((): [Error, null] => [error, null]));
    hits.forEach((hit, i) => {
      const [error, count] = results?.[i] ?? [new Error('Redis gave no reply to a rate-limit hit')];
      counts.set(hit, error ?? Number(count));
    });
  }

  private key(identity: string, window: RateWindow): string {
    return `${this.prefix}:ratelimit:${identity}:${window.start}`;
  }
}
