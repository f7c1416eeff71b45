import { ChainableCommander } from 'ioredis';
import { Batcher, createRedis, pipelineGroups, RedisConnection } from '@sdd/common';
import { RateWindow } from './rate-limit';
import { countsOfHits, groupHits, HitGroup } from './hit-groups';

/**
 * How long the limiter waits for Redis before letting a request through
 * uncounted: a Redis blip may cost each request this much, never more.
 */
export const REDIS_TIMEOUT_MS = 200;

/**
 * INCRBY the hits made together on one counter, and EXPIRE only when that
 * INCRBY created the key: atomic, in one round trip. A script rather than
 * MULTI INCRBY + EXPIRE … NX because EXPIRE NX needs Redis 7 (managed Redis
 * often lags), and MULTI would resend the EXPIRE with every request. ioredis
 * sends it as EVALSHA, falling back to EVAL once when the server has not
 * cached it yet.
 */
const HIT_SCRIPT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
if count == tonumber(ARGV[2]) then redis.call('EXPIRE', KEYS[1], ARGV[1]) end
return count`;

/** Hits in one pipeline at most. */
const HITS_PER_WRITE = 100;
/** Pipelines in flight at once; hits made meanwhile wait and go together in the next. */
const WRITES_IN_FLIGHT = 2;

interface HitCommand {
  rateLimitHit(key: string, ttlSeconds: number, times: number): Promise<number>;
}

interface HitPipeline extends ChainableCommander {
  rateLimitHit(key: string, ttlSeconds: number, times: number): HitPipeline;
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
   * in one pipeline (one write, one read), one script per counter for all of
   * its hits (groupHits), each hit still its own count (countsOfHits), and
   * each key where it would be alone.
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
    // Hits of one counter (one key's or one IP's requests arriving together) are one INCRBY: Redis runs a script per counter, not per request.
    const groups = groupHits(hits);
    const totals = new Map<string, { total: number; times: number } | Error>();
    // Alone, a pipeline's own objects cost more than they save.
    if (groups.length === 1) {
      const [{ key, ttlSeconds, times }] = groups;
      const total = await this.redis.rateLimitHit(key, ttlSeconds, times).catch((error: Error) => error);
      totals.set(key, total instanceof Error ? total : { total, times });
      return countsOfHits(hits, totals);
    }
    // A Cluster takes a pipeline to one node only: the counters spread over its nodes, so one pipeline per node.
    await Promise.all(pipelineGroups(this.redis, groups, (group) => group.key).map((nodeGroups) => this.sendPipeline(nodeGroups, totals)));
    return countsOfHits(hits, totals);
  }

  private async sendPipeline(groups: HitGroup[], totals: Map<string, { total: number; times: number } | Error>): Promise<void> {
    const pipeline = this.redis.pipeline() as HitPipeline;
    for (const { key, ttlSeconds, times } of groups) pipeline.rateLimitHit(key, ttlSeconds, times);
    const results = await pipeline.exec().catch((error: Error) => groups.map((): [Error, null] => [error, null]));
    groups.forEach(({ key, times }, i) => {
      const [error, total] = results?.[i] ?? [new Error('Redis gave no reply to a rate-limit hit')];
      totals.set(key, error ?? { total: Number(total), times });
    });
  }

  private key(identity: string, window: RateWindow): string {
    return `${this.prefix}:ratelimit:${identity}:${window.start}`;
  }
}
