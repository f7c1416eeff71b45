// First: the apps never load @nestjs/swagger (the gateway serves the document its build wrote).
import '@sdd/runtime/openapi-decorators-off';
import 'reflect-metadata';
import { ServiceName } from '@sdd/contracts';
import { loadConfig } from '@sdd/common';
import { bootstrapService, exitOnStartupFailure } from '@sdd/runtime';
import { AppModule } from './app.module';
import { DeliveryServiceConfig } from './config';

const fail = exitOnStartupFailure(ServiceName.Delivery);
try {
  const config = loadConfig(DeliveryServiceConfig);
  bootstrapService(ServiceName.Delivery, AppModule.register(config), config).catch(fail);
} catch (error) {
  fail(error);
}
