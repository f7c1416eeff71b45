import { DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@sdd/contracts';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { QuoteServiceConfig } from './config';
import { SCHEMA } from './database';
import { QuotesModule } from './quotes/quotes.module';

@Module({})
export class AppModule {
  static register(config: QuoteServiceConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceRuntimeModule.forService({ service: ServiceName.Quote, config, schema: SCHEMA }), QuotesModule],
    };
  }
}
