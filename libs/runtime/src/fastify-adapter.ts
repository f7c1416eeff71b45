import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyError, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { IncomingMessage } from 'node:http';
import { PinoLogger } from 'nestjs-pino';
import { Metrics } from '@sdd/common';
import { logRequest } from './http-logger';
import { installLeanAsyncResourceBind } from './lean-async-resource-bind';
import { requestIdFrom } from './request-id';

/**
 * Fastify owns the request id: taken from a well-formed X-Request-Id or made
 * fresh, echoed on every response, and logged with the request's line. On close,
 * idle keep-alive connections are closed at once, and requests that still
 * arrive go through the app's hooks (its own 503, not Fastify's body).
 * Fastify's per-body callback binding goes without Node 20's deprecated
 * accessor (lean-async-resource-bind.ts).
 */
export function createFastifyAdapter(options: Pick<FastifyServerOptions, 'serverFactory' | 'bodyLimit' | 'frameworkErrors'> = {}): FastifyAdapter {
  installLeanAsyncResourceBind();
  const { frameworkErrors } = options;
  const adapter = new FastifyAdapter({
    ...options,
    // A URL refused before routing runs no route hook: counted and logged here, like every other request.
    frameworkErrors: frameworkErrors
      ? (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
          reply.raw.once('finish', () => observeResponse(request, reply.statusCode, reply.elapsedTime));
          frameworkErrors(error, request, reply);
        }
      : undefined,
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    genReqId: (req: IncomingMessage) => requestIdFrom(req.headers['x-request-id']),
  });
  adapter.getInstance().addHook('onRequest', (request, reply, done) => {
    reply.header('X-Request-Id', request.id);
    done();
  });
  // Labelled by the matched route's template, never the raw URL: ids in paths must not make a series each.
  adapter.getInstance().addHook('onResponse', (request, reply, done) => {
    observeResponse(request, reply.statusCode, reply.elapsedTime);
    done();
  });
  return adapter;
}

/** Every answered request: its duration in the metrics, labelled by the matched route's template, and its log line. */
function observeResponse(request: FastifyRequest, status: number, elapsedMs: number): void {
  Metrics.httpRequestDuration.observe({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(status) }, elapsedMs / 1000);
  // The root logger nestjs-pino built from loggerOptions; set once the app's logger module is up.
  logRequest(PinoLogger.root, request, status, elapsedMs);
}
