import { DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@sdd/contracts';
import { BusClientModule } from '@sdd/bus';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { QuoteServiceConfig } from './config';
import { SCHEMA } from './database';
import { QuotesModule } from './quotes/quotes.module';
import { TasksModule } from './tasks.module';

@Module({})
export class AppModule {
  static register(config: QuoteServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forService({ service: ServiceName.Quote, config, schema: SCHEMA }),
        // The claim reconciliation task asks delivery-service whether a claimant delivery exists.
        BusClientModule.forRootAsync({
          useFactory: () => ({ redisUrl: config.REDIS_URL, prefix: config.BUS_PREFIX, timeoutMs: config.BUS_TIMEOUT_MS }),
        }),
        QuotesModule,
        TasksModule,
      ],
    };
  }
}
