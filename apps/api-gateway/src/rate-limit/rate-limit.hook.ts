import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { GatewayConfig } from '../config';
import { toErrorEnvelope } from '../errors/error-envelope';
import { CallerAuthenticator } from '../auth/caller.authenticator';
import { clientIp, TrustedProxies } from '../http/client-ip';
import { isOpsRequest } from '../http/listeners';
import { DRIVER_SESSION_COOKIE } from '../auth/session-cookie';
import { matchedRoute, routeTraitsOf } from '../http/route-traits';
import { budgetsFor, Caller, exceededBudget, ipBudget, isAllowed, isFailedLookup, Limits, rateLimitHeaders, rateLimitMessage, retryAfterSeconds } from './rate-limit';
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

interface HookDeps {
  limiter: RateLimiter;
  limits: Limits;
  trusted: TrustedProxies;
  authenticator: CallerAuthenticator;
  warn: Warn;
}

/**
 * The budget identity of a valid key (its id) or session (its member) when
 * the route needs one. The guard awaits the same authentication, so its
 * outcome (401, or the 503 of a database that is down) is answered there,
 * once, after counting.
 */
async function validCallerId(request: FastifyRequest, authenticator: CallerAuthenticator): Promise<string | undefined> {
  if (!matchedRoute(request) || routeTraitsOf(request).public) return undefined;
  request.authentication = authenticator.authenticate(request.headers);
  return request.authentication.then(
    (auth) => auth.apiKeyId ?? (auth.member ? `member_${auth.member.id}` : undefined),
    () => undefined,
  );
}

function callerOf(request: FastifyRequest, trusted: TrustedProxies, apiKeyId: string | undefined): Caller {
  const { budget } = routeTraitsOf(request);
  const token = (request.params as Record<string, string | undefined> | undefined)?.token;
  return {
    ip: clientIp(request.socket.remoteAddress ?? '', request.headers['x-forwarded-for'], trusted),
    apiKeyId,
    budget,
    trackingToken: budget === 'tracking' ? token : undefined,
    // The driver app's session cookie stands in for the token it was exchanged for: each signed-in phone its own budget too.
    driverToken: budget === 'driver' ? (/^Bearer\s+(\S+)$/.exec(request.headers.authorization ?? '')?.[1] ?? DRIVER_SESSION_COOKIE.tokenFrom(request.headers.cookie)) : undefined,
  };
}

/**
 * Counts every request of the public port before anything else looks at it,
 * so unknown routes and unparseable bodies are counted and carry the headers
 * too. Redis trouble lets the request through without headers: the limiter
 * must not turn a Redis blip into an outage of its own.
 */
function rateLimitHook({ limiter, limits, trusted, authenticator, warn }: HookDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (isOpsRequest(request.raw)) return;
    const caller = callerOf(request, trusted, await validCallerId(request, authenticator));
    const now = Date.now();
    const budgets = budgetsFor(caller, limits, now);
    let counts: number[];
    try {
      counts = await Promise.all(
        budgets.map(async (budget) => (budget.readOnly ? (await limiter.peek(budget.identity, budget.window)) + 1 : limiter.hit(budget.identity, budget.window))),
      );
    } catch (error) {
      warn(error);
      return;
    }
    const exceeded = exceededBudget(budgets, counts);
    const shown = exceeded ?? { budget: budgets[0], count: counts[0] };
    reply.headers(rateLimitHeaders(shown.budget.limit, shown.count, shown.budget.window.end));
    if (!exceeded) return;
    const { limit, per, window } = exceeded.budget;
    const refusal = new AppError(429, ErrorType.RateLimit, ErrorCode.RateLimitExceeded, rateLimitMessage(limit, window.end, per));
    const { status, body } = toErrorEnvelope(refusal, request.id);
    return reply
      .code(status)
      .header('Retry-After', String(retryAfterSeconds(now, window.end)))
      .send(body);
  };
}

/**
 * A failed lookup (isFailedLookup) is counted against the client IP when its
 * refusal is about to be sent, and the same atomic count decides: within the
 * budget the refusal goes out, beyond it a 429 in its place. The IP budget is
 * only peeked when such a request arrives (a fleet behind one address keeps
 * its valid tokens working), so without this a burst of made-up tokens would
 * all be let through the peek before any of them was counted.
 */
function failedLookupHook({ limiter, limits, trusted, warn }: HookDeps) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (isOpsRequest(request.raw) || !isFailedLookup(routeTraitsOf(request).budget, reply.statusCode)) return payload;
    const now = Date.now();
    const budget = ipBudget(callerOf(request, trusted, undefined).ip, limits, now);
    let count: number;
    try {
      count = await limiter.hit(budget.identity, budget.window);
    } catch (error) {
      warn(error);
      return payload;
    }
    if (isAllowed(budget.limit, count)) return payload;
    const refusal = new AppError(429, ErrorType.RateLimit, ErrorCode.RateLimitExceeded, rateLimitMessage(budget.limit, budget.window.end, budget.per));
    const { status, body } = toErrorEnvelope(refusal, request.id);
    reply
      .code(status)
      .headers(rateLimitHeaders(budget.limit, count, budget.window.end))
      .header('Retry-After', String(retryAfterSeconds(now, budget.window.end)))
      .header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify(body);
  };
}

/** The rate limit on the gateway's Fastify instance; call before `listen`. */
export function registerRateLimit(app: NestFastifyApplication, config: GatewayConfig): void {
  const fastify = app.getHttpAdapter().getInstance();
  const redis = createRateLimitRedis(config.REDIS_URL);
  const warn = throttledWarning(new Logger('RateLimit'), WARNING_INTERVAL_MS);
  // Reconnect failures surface here; without a listener ioredis prints each one.
  redis.on('error', warn);
  const limits: Limits = {
    perMinute: config.RATE_LIMIT_PER_MINUTE,
    trackingPerMinute: config.TRACKING_LIMIT_PER_MINUTE,
    registrationPerHour: config.REGISTRATION_LIMIT_PER_HOUR,
  };
  const deps: HookDeps = {
    limiter: new RateLimiter(redis, config.BUS_PREFIX),
    limits,
    trusted: new TrustedProxies(config.TRUST_PROXY),
    authenticator: app.get(CallerAuthenticator),
    warn,
  };
  fastify.addHook('onRequest', rateLimitHook(deps));
  fastify.addHook('onSend', failedLookupHook(deps));
  fastify.addHook('onClose', async () => {
    redis.disconnect();
  });
}
