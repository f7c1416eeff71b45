import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { ServiceName } from '@sdd/contracts';
import { BusClientModule } from '@sdd/bus';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { GatewayConfig } from './config';
import { SCHEMA } from './database';
import { ErrorEnvelopeFilter } from './errors/error-envelope.filter';
import { HealthModule } from './health/health.module';
import { ListenerGuard } from './http/listener.guard';
import { RequestContextInterceptor } from './http/request-context.interceptor';

@Module({})
export class AppModule {
  static register(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forService({ service: ServiceName.Gateway, config, schema: SCHEMA }),
        BusClientModule.forRootAsync({
          useFactory: () => ({ redisUrl: config.REDIS_URL, prefix: config.BUS_PREFIX, timeoutMs: config.BUS_TIMEOUT_MS }),
        }),
        HealthModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        { provide: APP_GUARD, useClass: ListenerGuard },
        { provide: APP_INTERCEPTOR, useClass: RequestContextInterceptor },
      ],
    };
  }
}
