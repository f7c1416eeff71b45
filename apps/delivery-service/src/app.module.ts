import { DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@sdd/contracts';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { DeliveryServiceConfig } from './config';
import { SCHEMA } from './database';
import { LocationsModule } from './locations/locations.module';

@Module({})
export class AppModule {
  static register(config: DeliveryServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceRuntimeModule.forService({ service: ServiceName.Delivery, config, schema: SCHEMA }), LocationsModule],
    };
  }
}
