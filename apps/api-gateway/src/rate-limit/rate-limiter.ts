import { Redis } from 'ioredis';
import { createRedis } from '@sdd/common';
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


interface HitCommand {
  rateLimitHit(key: string, ttlSeconds: number): Promise<number>;
}

/**
 * A connection of its own, failing fast: with no offline queue a command
 * while disconnected is refused at once instead of piling up, and the command
 * timeout bounds a Redis that accepts but does not answer.
 */
export function createRateLimitRedis(url: string): Redis {
  return createRedis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_TIMEOUT_MS,
    connectionName: 'api-gateway-rate-limit',
  });
}

/** Request counters per identity and window, in Redis so that every gateway replica shares one budget. */
export class RateLimiter {
  private readonly redis: Redis & HitCommand;

  constructor(
    redis: Redis,
    private readonly prefix: string,
  ) {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    this.redis = redis as Redis & HitCommand;
  }

  /**
   * Counts one request; resolves with the window's count so far, this request
   * included. The counter outlives its window (twice its length) even when
   * replicas' clocks disagree slightly; nobody reads it afterwards.
   */
  hit(identity: string, window: RateWindow): Promise<number> {
    return this.redis.rateLimitHit(this.key(identity, window), 2 * (window.end - window.start));
  }

  /** The window's count so far, without counting. */
  async peek(identity: string, window: RateWindow): Promise<number> {
    return Number((await this.redis.get(this.key(identity, window))) ?? 0);
  }

  private key(identity: string, window: RateWindow): string {
    return `${this.prefix}:ratelimit:${identity}:${window.start}`;
  }
}
