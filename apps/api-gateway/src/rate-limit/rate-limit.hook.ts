import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { GatewayConfig } from '../config';
import { toErrorEnvelope } from '../errors/error-envelope';
import { isOpsRequest } from '../http/listeners';
import { identityOf, isAllowed, rateLimitHeaders, rateLimitMessage, retryAfterSeconds, windowAt } from './rate-limit';
import { createRateLimitRedis, RateLimiter } from './rate-limiter';

/** While Redis is down every request would warn: once per interval says the same. */
const WARNING_INTERVAL_MS = 10_000;

type Warn = (error: unknown) => void;

function throttledWarning(logger: Logger, intervalMs: number): Warn {
  let lastWarnedAt = -Infinity;
  return (error) => {
    const now = Date.now();
    if (now - lastWarnedAt < intervalMs) return;
    lastWarnedAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn(`Rate limit not applied: Redis is unavailable (${reason}); requests pass uncounted until it answers`);
  };
}

/**
 * Counts every request of the public port before anything else looks at it,
 * so unknown routes and unparseable bodies are counted and carry the headers
 * too. Redis trouble lets the request through without headers: the limiter
 * must not turn a Redis blip into an outage of its own.
 */
function rateLimitHook(limiter: RateLimiter, limit: number, warn: Warn) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (isOpsRequest(request.raw)) return;
    const now = Date.now();
    const window = windowAt(now);
    let count: number;
    try {
      // request.ip is the socket's peer while trustProxy is off: behind a load
      // balancer, trustProxy must name it, or every keyless client shares its address.
      count = await limiter.hit(identityOf(request.headers.authorization, request.ip), window.start);
    } catch (error) {
      warn(error);
      return;
    }
    reply.headers(rateLimitHeaders(limit, count, window.end));
    if (isAllowed(limit, count)) return;
    const refusal = new AppError(429, ErrorType.RateLimit, ErrorCode.RateLimitExceeded, rateLimitMessage(limit, window.end));
    const { status, body } = toErrorEnvelope(refusal, request.id);
    return reply.code(status).header('Retry-After', String(retryAfterSeconds(now, window.end))).send(body);
  };
}

/** The per-key rate limit on the gateway's Fastify instance; call before `listen`. */
export function registerRateLimit(app: NestFastifyApplication, config: GatewayConfig): void {
  const fastify = app.getHttpAdapter().getInstance();
  const redis = createRateLimitRedis(config.REDIS_URL);
  const warn = throttledWarning(new Logger('RateLimit'), WARNING_INTERVAL_MS);
  // Reconnect failures surface here; without a listener ioredis prints each one.
  redis.on('error', warn);
  fastify.addHook('onRequest', rateLimitHook(new RateLimiter(redis, config.BUS_PREFIX), config.RATE_LIMIT_PER_MINUTE, warn));
  fastify.addHook('onClose', async () => {
    redis.disconnect();
  });
}
