import { DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@sdd/contracts';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { PaymentServiceConfig } from './config';
import { SCHEMA } from './database';

@Module({})
export class AppModule {
  static register(config: PaymentServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceRuntimeModule.forService({ service: ServiceName.Payment, config, schema: SCHEMA })],
    };
  }
}
