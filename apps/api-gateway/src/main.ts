import 'reflect-metadata';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { ServiceName } from '@sdd/contracts';
import { loadConfig } from '@sdd/common';
import { createFastifyAdapter, exitGracefullyOnSignals, exitOnStartupFailure } from '@sdd/runtime';
import { AppModule } from './app.module';
import { GatewayConfig } from './config';
import { markOpsRequest } from './http/listeners';

/** The contract's 1 MB limit on request bodies. */
const MAX_BODY_BYTES = 1024 * 1024;

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * One Fastify instance answers on two listeners: the public API port and the
 * ops port (probes, internal health). Requests from the ops listener are
 * marked so that each port serves only its own routes.
 */
async function bootstrap(config: GatewayConfig): Promise<void> {
  let opsServer: Server | undefined;
  const adapter = createFastifyAdapter({
    bodyLimit: MAX_BODY_BYTES,
    serverFactory: (handler: Handler) => {
      opsServer = createServer((req, res) => {
        markOpsRequest(req);
        handler(req, res);
      });
      return createServer(handler);
    },
  });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), adapter, { bufferLogs: true });
  const logger = app.get(Logger);
  app.useLogger(logger);
  // The JSON API takes JSON only: without this, Fastify would parse text/plain bodies too.
  app.getHttpAdapter().getInstance().removeContentTypeParser('text/plain');
  const ops = opsServer as Server;
  app.getHttpAdapter().getInstance().addHook('onClose', (_instance, done) => {
    ops.close(() => done());
  });
  await app.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => ops.once('error', reject).listen(config.OPS_PORT, config.HOST, resolve));
  const opsAddress = ops.address();
  const opsPort = typeof opsAddress === 'object' && opsAddress ? opsAddress.port : config.OPS_PORT;
  exitGracefullyOnSignals(app, logger, ServiceName.Gateway);
  logger.log(`api-gateway listening on ${await app.getUrl()}; ops on port ${opsPort}`);
}

const fail = exitOnStartupFailure(ServiceName.Gateway);
try {
  bootstrap(loadConfig(GatewayConfig)).catch(fail);
} catch (error) {
  fail(error);
}
