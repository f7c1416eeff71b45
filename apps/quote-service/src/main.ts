// First: the apps never load @nestjs/swagger (the gateway serves the document its build wrote).
import '@sdd/runtime/openapi-decorators-off';
import 'reflect-metadata';
import { ServiceName } from '@sdd/contracts';
import { loadConfig } from '@sdd/common';
import { bootstrapService, exitOnStartupFailure } from '@sdd/runtime';
import { AppModule } from './app.module';
import { QuoteServiceConfig } from './config';

const fail = exitOnStartupFailure(ServiceName.Quote);
try {
  const config = loadConfig(QuoteServiceConfig);
  bootstrapService(ServiceName.Quote, AppModule.register(config), config).catch(fail);
} catch (error) {
  fail(error);
}
