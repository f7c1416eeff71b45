import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { plainToInstance } from 'class-transformer';
import { AppModule } from '../app.module';
import { GatewayConfig } from '../config';
import { buildOpenApiDocument } from './openapi-document.builder';

/**
 * Writes the OpenAPI document the gateway serves at /v1/openapi.json to the
 * file named by its argument, without Postgres, Redis or a port: Nest's
 * preview mode builds the module graph (the controllers and their decorators,
 * all the document comes from) and instantiates no provider. The dashboard's
 * build generates its typed client from this file.
 *   node -r ./tools/register-paths.js dist/apps/api-gateway/src/openapi/write-openapi.js <out.json>
 */
async function writeOpenApi(out: string): Promise<void> {
  // Never connected to in preview mode; the module factories only read these.
  const config = plainToInstance(GatewayConfig, { DATABASE_URL: 'postgres://preview', REDIS_URL: 'redis://preview' }, { exposeDefaultValues: true });
  const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(config), new FastifyAdapter(), { preview: true, logger: false, abortOnError: false });
  const document = buildOpenApiDocument(app);
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
}

const out = process.argv[2];
if (!out) {
  console.error('usage: write-openapi <out.json>');
  process.exit(2);
}
// Exits rather than closing the app: QueueBoardModule.register opens a Redis client as the module is declared, which preview mode cannot skip.
writeOpenApi(resolve(out)).then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
