import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CallerScope } from '../auth/auth-context';
import { routeTraitsOf } from '../http/route-traits';
import { RESPONSE_HEADERS_KEPT } from './request-log-entry';
import { RequestLogWriter } from './request-log.writer';

declare module 'fastify' {
  interface FastifyRequest {
    /** The payload sent, kept for the request log until the response is done. */
    loggedPayload?: unknown;
  }
}

/** The few response headers kept, read one by one: `reply.getHeaders()` would copy them all, twice. */
function responseHeadersKept(reply: FastifyReply): Record<string, string | number | string[] | undefined> {
  const kept: Record<string, string | number | string[] | undefined> = {};
  for (const name of RESPONSE_HEADERS_KEPT) kept[name] = reply.getHeader(name);
  return kept;
}

/**
 * Every request that authenticated as a merchant (an API key or a dashboard
 * session; the rate limit starts that authentication on the public and
 * sandbox ports for every route that is not @Public) is handed to the request
 * log once answered, refusals included: a 403 of the member's role or a 429
 * counts as much as a 201. Unauthenticated requests (no merchant), the ops
 * port and the routes marked `unlogged` are not logged. Both hooks only take
 * references; the writer does the rest later.
 */
export function registerRequestLog(fastify: FastifyInstance, writer: RequestLogWriter): void {
  fastify.addHook('onSend', (request: FastifyRequest, _reply: FastifyReply, payload: unknown, done: (error: null, payload: unknown) => void) => {
    if (request.authentication) request.loggedPayload = payload;
    done(null, payload);
  });
  fastify.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    const authentication = request.authentication;
    if (authentication && !routeTraitsOf(request).unlogged) {
      const record = (caller: CallerScope) =>
        writer.record({
          caller,
          method: request.method,
          url: request.url,
          status: reply.statusCode,
          requestId: request.id,
          durationMs: reply.elapsedTime,
          receivedAt: new Date(Date.now() - reply.elapsedTime),
          requestHeaders: request.headers,
          responseHeaders: responseHeadersKept(reply),
          requestBody: request.body,
          responsePayload: request.loggedPayload,
        });
      // The guard keeps the caller it let through; a refused caller (role, CSRF, mode, rate limit) is still the one the authentication found.
      if (request.auth) record(request.auth);
      else authentication.then(record, () => undefined);
    }
    done();
  });
}
