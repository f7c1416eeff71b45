import { DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@sdd/contracts';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { PaymentServiceConfig } from './config';
import { BusClientModule } from '@sdd/bus';
import { SCHEMA } from './database';
import { AccountsModule } from './accounts/accounts.module';
import { CheckoutsModule } from './checkouts/checkouts.module';
import { MoneyMovementsModule } from './money-movements/money-movements.module';
import { ProcessorModule } from './processor/processor.module';
import { ProcessorEventsModule } from './processor-events/processor-events.module';
import { TasksModule } from './tasks.module';

@Module({})
export class AppModule {
  static register(config: PaymentServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forService({ service: ServiceName.Payment, config, schema: SCHEMA }),
        BusClientModule.forRootAsync({
          useFactory: () => ({ redisUrl: config.REDIS_URL, prefix: config.BUS_PREFIX, timeoutMs: config.BUS_TIMEOUT_MS }),
        }),
        ProcessorModule,
        AccountsModule,
        CheckoutsModule,
        ProcessorEventsModule,
        MoneyMovementsModule,
        TasksModule,
      ],
    };
  }
}
