import { DynamicModule, Module } from '@nestjs/common';
import { ServiceName } from '@sdd/contracts';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { WebhookDispatcherConfig } from './config';
import { SCHEMA } from './database';
import { DispatchModule } from './dispatch/dispatch.module';
import { EndpointsModule } from './endpoints/endpoints.module';
import { EventsModule } from './events/events.module';
import { TasksModule } from './tasks.module';

@Module({})
export class AppModule {
  static register(config: WebhookDispatcherConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [ServiceRuntimeModule.forService({ service: ServiceName.Webhook, config, schema: SCHEMA }), EndpointsModule, DispatchModule, EventsModule, TasksModule],
    };
  }
}
