import 'reflect-metadata';
import { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Logger } from 'nestjs-pino';
import { BUS_REQUEST_MESSAGES, ServiceName } from '@sdd/contracts';
import { BaseConfig, cacheValidationMetadata } from '@sdd/common';
import { BusExceptionFilter, BusServer } from '@sdd/bus';
import { createFastifyAdapter } from './fastify-adapter';
import { exitGracefullyOnSignals } from './shutdown';

/**
 * Starts a bus service: consumes its queues, serves its probes on the ops
 * port, and on SIGTERM (or its parent's death, with EXIT_WITH_PARENT) stops
 * taking jobs, finishes the running ones, then exits.
 */
export async function bootstrapService(service: ServiceName, module: DynamicModule, config: BaseConfig): Promise<NestFastifyApplication> {
  cacheValidationMetadata();
  const app = await NestFactory.create<NestFastifyApplication>(module, createFastifyAdapter(), {
    bufferLogs: true,
  });
  const logger = app.get(Logger);
  app.useLogger(logger);
  // connectMicroservice registers the bus handlers at once, with the filters known at that moment: set them first.
  app.useGlobalFilters(new BusExceptionFilter(app.getHttpAdapter()));
  app.connectMicroservice(
    {
      strategy: new BusServer({
        redisUrl: config.REDIS_URL,
        prefix: config.BUS_PREFIX,
        service,
        concurrency: config.BUS_CONCURRENCY,
        messages: BUS_REQUEST_MESSAGES,
      }),
    },
    { inheritAppConfig: true },
  );
  await app.startAllMicroservices();
  await app.listen(config.OPS_PORT, '0.0.0.0');
  exitGracefullyOnSignals(app, logger, service, { exitWithParent: config.EXIT_WITH_PARENT });
  logger.log(`${service} started; ops endpoints on ${await app.getUrl()}`);
  return app;
}

/** A start-up failure ends the process with one readable line, not a stack of framework frames. */
export function exitOnStartupFailure(service: string) {
  return (error: unknown): never => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${JSON.stringify({ level: 'fatal', service, msg: `failed to start: ${message}` })}\n`);
    process.exit(1);
  };
}
