import { FastifyAdapter } from '@nestjs/platform-fastify';
import type { FastifyServerOptions } from 'fastify';
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
  const adapter = new FastifyAdapter({
    ...options,
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
    Metrics.httpRequestDuration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    // The root logger nestjs-pino built from loggerOptions; set once the app's logger module is up.
    logRequest(PinoLogger.root, request, reply.statusCode, reply.elapsedTime);
    done();
  });
  return adapter;
}
