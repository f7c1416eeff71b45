import { DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@sdd/contracts';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { DeliveryServiceConfig } from './config';
import { SCHEMA } from './database';
import { BusClientModule } from '@sdd/bus';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { DriversModule } from './drivers/drivers.module';
import { EarningsModule } from './earnings/earnings.module';
import { LocationsModule } from './locations/locations.module';
import { MatchingModule } from './matching/matching.module';
import { OperationsModule } from './operations/operations.module';
import { RefundsModule } from './refunds/refunds.module';
import { TasksModule } from './tasks.module';

@Module({})
export class AppModule {
  static register(config: DeliveryServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceRuntimeModule.forService({ service: ServiceName.Delivery, config, schema: SCHEMA }),
        BusClientModule.forRootAsync({
          useFactory: () => ({ redisUrl: config.REDIS_URL, prefix: config.BUS_PREFIX, timeoutMs: config.BUS_TIMEOUT_MS }),
        }),
        LocationsModule,
        DeliveriesModule,
        DriversModule,
        MatchingModule,
        OperationsModule,
        RefundsModule,
        EarningsModule,
        TasksModule,
      ],
    };
  }
}
