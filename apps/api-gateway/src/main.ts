// First: the apps never load @nestjs/swagger (the gateway serves the document its build wrote).
import '@sdd/runtime/openapi-decorators-off';
import 'reflect-metadata';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode, ErrorType, ServiceName } from '@sdd/contracts';
import { AppError, cacheValidationMetadata, loadConfig } from '@sdd/common';
import { createFastifyAdapter, exitGracefullyOnSignals, exitOnStartupFailure } from '@sdd/runtime';
import { BUS_CLIENT } from '@sdd/bus';
import { AppModule } from './app.module';
import { GatewayConfig } from './config';
import { captureFrameworkErrors, frameworkErrorReplier } from './errors/framework-error.handler';
import { registerDrainHooks } from './http/drain.hook';
import { registerPageSecurityHeaders } from './http/page-security.hook';
import { RouteTemplates } from './http/route-templates';
import { LISTEN_BACKLOG } from './http/listen-backlog';
import { keepConnectionsOpen } from './http/keep-alive';
import { Listener, tagRequest } from './http/listeners';
import { registerLoadShedding } from './load-shedding/load-shedding.hook';
import { registerJsonBodyParser } from './json-body/json-body.parser';
import { registerPhotoBodyParser } from './proof-photos/photo-body.parser';
import { DriverSessionAuthenticator } from './driver-sessions/driver-session.authenticator';
import { setupOpenApi } from './openapi/openapi';
import { registerRateLimit } from './rate-limit/rate-limit.hook';
import { OpsCredential } from './auth/ops-credential';
import { queueBoardHook } from './ops/queue-board.guard';
import { registerRequestLog } from './request-logs/request-log.hook';
import { RequestLogWriter } from './request-logs/request-log.writer';

/** The contract's 1 MB limit on request bodies. */
const MAX_BODY_BYTES = 1024 * 1024;

/** Fastify leaves a body without Content-Type unparsed; rather than act as if it were empty, refuse it. */
function refuseUntypedBodies(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void): void {
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (hasBody && !request.headers['content-type']) {
    done(new AppError(415, ErrorType.InvalidRequest, ErrorCode.UnsupportedMediaType, 'Content-Type must be application/json.'));
    return;
  }
  done();
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A server that hands its requests to Fastify, tagged with the listener they came through. */
function taggedServer(listener: Listener, handler: Handler): Server {
  return keepConnectionsOpen(
    createServer((req, res) => {
      tagRequest(req, listener);
      handler(req, res);
    }),
  );
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject).listen(port, host, () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

/**
 * One Fastify instance answers on the public API port, the ops port (probes,
 * internal health) and, when configured, the sandbox port (test keys only).
 * Each listener tags its requests so routes and keys can be held to their port.
 */
async function bootstrap(config: GatewayConfig): Promise<void> {
  cacheValidationMetadata();
  const extraServers: Array<{ server: Server; port: number; name: Listener }> = [];
  const routes = new RouteTemplates();
  const adapter = createFastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    frameworkErrors: frameworkErrorReplier(routes),
    serverFactory: (handler: Handler) => {
      extraServers.push({ server: taggedServer('ops', handler), port: config.OPS_PORT, name: 'ops' });
      if (config.SANDBOX_PORT !== undefined) {
        extraServers.push({ server: taggedServer('sandbox', handler), port: config.SANDBOX_PORT, name: 'sandbox' });
      }
      return keepConnectionsOpen(createServer(handler));
    },
  });
  // Nest's own body parsers are left out: the JSON one is replaced below, and the JSON API takes no form bodies.
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), adapter, { bufferLogs: true, bodyParser: false });
  const logger = app.get(Logger);
  app.useLogger(logger);
  registerDrainHooks(app);
  registerLoadShedding(app, config);
  routes.collectFrom(app.getHttpAdapter().getInstance());
  captureFrameworkErrors(app.getHttpAdapter().getInstance());
  // The JSON API takes JSON only: without this, Fastify would parse text/plain bodies too.
  app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
  registerJsonBodyParser(app.getHttpAdapter().getInstance(), MAX_BODY_BYTES);
  registerPhotoBodyParser(app.getHttpAdapter().getInstance(), app.get(BUS_CLIENT), join(resolve(config.PROOF_PHOTO_DIR), 'incoming'), app.get(DriverSessionAuthenticator));
  app.getHttpAdapter().getInstance().addHook('onRequest', refuseUntypedBodies);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onClose', async () => {
      await Promise.all(extraServers.map(({ server }) => new Promise((resolve) => server.close(resolve))));
    });
  registerRateLimit(app, config);
  registerPageSecurityHeaders(app.getHttpAdapter().getInstance());
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', queueBoardHook(new OpsCredential(config.OPS_API_TOKEN)));
  // Last of the onSend hooks: it keeps the payload as finally sent (a rate limit's 429 in place of a refusal included).
  registerRequestLog(app.getHttpAdapter().getInstance(), app.get(RequestLogWriter));
  setupOpenApi(app);
  await app.listen({ port: config.PORT, host: config.HOST, backlog: LISTEN_BACKLOG });
  const bound = await Promise.all(extraServers.map(async ({ server, port, name }) => `${name} on port ${await listen(server, port, config.HOST)}`));
  exitGracefullyOnSignals(app, logger, ServiceName.Gateway, {
    drainMs: config.SHUTDOWN_DRAIN_MS,
    exitWithParent: config.EXIT_WITH_PARENT,
  });
  logger.log(`api-gateway listening on ${await app.getUrl()}; ${bound.join('; ')}`);
}

const fail = exitOnStartupFailure(ServiceName.Gateway);
try {
  bootstrap(loadConfig(GatewayConfig)).catch(fail);
} catch (error) {
  fail(error);
}
