import { DynamicModule, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { LoggerModule } from 'nestjs-pino';
import { PING_PATTERN, ServiceName } from '@sdd/contracts';
import { BaseConfig, createRedis, metricsRegistry, RedisConnection } from '@sdd/common';
import { dataSourceOptions } from '@sdd/persistence';
import { httpLoggerParams } from './http-logger';
import { Lifecycle } from './lifecycle';
import { MetricsController } from './metrics.controller';
import { OpsHealthController } from './ops-health.controller';
import { QueueDepthMeasurement } from './queue-depth.measurement';
import { createPingController } from './ping.controller';
import { Readiness } from './readiness';
import { RedisHealthIndicator } from './redis.health';
import { APP_CONFIG, REDIS, SERVICE_NAME } from './tokens';

export interface ServiceRuntimeOptions {
  service: ServiceName;
  config: BaseConfig;
  /** The service's schema before DB_SCHEMA_PREFIX. */
  schema: string;
}

export function schemaFor(config: BaseConfig, schema: string): string {
  return `${config.DB_SCHEMA_PREFIX}${schema}`;
}

/**
 * What every app needs whatever it does: validated config, JSON logs with
 * request ids, its Postgres schema, a Redis connection, liveness/readiness
 * probes, and (for bus services) the health ping.
 */
@Module({})
export class ServiceRuntimeModule implements OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: RedisConnection) {}

  static forService({ service, config, schema }: ServiceRuntimeOptions): DynamicModule {
    const ping = PING_PATTERN[service];
    metricsRegistry.setDefaultLabels({ service });
    return {
      module: ServiceRuntimeModule,
      global: true,
      imports: [
        LoggerModule.forRoot(httpLoggerParams(service, config.LOG_LEVEL)),
        TerminusModule.forRoot({ errorLogStyle: 'json', logger: false }),
        TypeOrmModule.forRoot({
          ...dataSourceOptions({
            url: config.DATABASE_URL,
            schema: schemaFor(config, schema),
            applicationName: service,
            poolSize: config.DB_POOL_SIZE,
            connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
            statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
            behindTransactionPooler: config.DATABASE_POOL_MODE === 'transaction',
          }),
          autoLoadEntities: true,
          retryAttempts: 5,
          retryDelay: 1000,
        }),
      ],
      controllers: [OpsHealthController, MetricsController, ...(ping ? [createPingController(service, ping)] : [])],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: SERVICE_NAME, useValue: service },
        {
          provide: REDIS,
          useFactory: () => createRedis(config.REDIS_URL, { maxRetriesPerRequest: 1, connectionName: `${service}-main` }),
        },
        RedisHealthIndicator,
        Readiness,
        Lifecycle,
        QueueDepthMeasurement,
      ],
      exports: [APP_CONFIG, REDIS, SERVICE_NAME, Readiness, Lifecycle],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.redis.quit().catch(() => undefined);
  }
}
