import { DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { ServiceName } from '@sdd/contracts';
import { BusClientModule } from '@sdd/bus';
import { ServiceRuntimeModule } from '@sdd/runtime';
import { GatewayConfig } from './config';
import { SCHEMA } from './database';
import { ErrorEnvelopeFilter } from './errors/error-envelope.filter';
import { AuthModule } from './auth/auth.module';
import { HealthModule } from './health/health.module';
import { LocationsModule } from './locations/locations.module';
import { MerchantsModule } from './merchants/merchants.module';
import { QuotesModule } from './quotes/quotes.module';
import { DeliveriesModule } from './deliveries/deliveries.module';
import { TrackingPageModule } from './tracking-page/tracking-page.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { EventsModule } from './events/events.module';
import { EventTypesModule } from './event-types/event-types.module';
import { CheckoutsModule } from './checkouts/checkouts.module';
import { CheckoutPageModule } from './checkout-page/checkout-page.module';
import { PayoutsModule } from './payouts/payouts.module';
import { RefundsModule } from './refunds/refunds.module';
import { ProcessorEventsModule } from './processor-events/processor-events.module';
import { OpsModule } from './ops/ops.module';
import { QueueBoardModule } from './ops/queue-board.module';
import { OpsFailuresModule } from './ops-failures/ops-failures.module';
import { DriverApiModule } from './driver-api/driver-api.module';
import { MembersModule } from './members/members.module';
import { DashboardModule } from './dashboard/dashboard.module';
import { RequestLogsModule } from './request-logs/request-logs.module';
import { DriverAppModule } from './driver-app/driver-app.module';
import { OpsConsoleModule } from './ops-console/ops-console.module';
import { RequestValidationPipe } from './validation/request-validation.pipe';
import { TasksModule } from './tasks.module';

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
        AuthModule,
        HealthModule,
        MerchantsModule,
        LocationsModule,
        QuotesModule,
        DeliveriesModule,
        TrackingPageModule,
        WebhooksModule,
        EventsModule,
        EventTypesModule,
        CheckoutsModule,
        CheckoutPageModule,
        PayoutsModule,
        RefundsModule,
        ProcessorEventsModule,
        OpsModule,
        OpsFailuresModule,
        QueueBoardModule.register(config),
        DriverApiModule,
        TasksModule,
        MembersModule,
        DashboardModule,
        RequestLogsModule,
        DriverAppModule,
        OpsConsoleModule,
      ],
      providers: [
        { provide: APP_FILTER, useClass: ErrorEnvelopeFilter },
        { provide: APP_PIPE, useClass: RequestValidationPipe },
      ],
    };
  }
}
