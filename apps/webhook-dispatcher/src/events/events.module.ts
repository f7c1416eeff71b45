import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { DispatchModule } from '../dispatch/dispatch.module';
import { WebhookEndpointEntity } from '../endpoints/webhook-endpoint.entity';
import { EventsController } from './events.controller';
import { GetEventHandler } from './get-event.handler';
import { ListEventsHandler } from './list-events.handler';
import { RecoverDeliveriesHandler } from './recover-deliveries.handler';
import { ResendEventHandler } from './resend-event.handler';
import { SendTestWebhookHandler } from './send-test-webhook.handler';

/** The event log a merchant reads, and the tools to send again or test. */
@Module({
  imports: [DispatchModule, TypeOrmModule.forFeature([WebhookEndpointEntity])],
  controllers: [EventsController],
  providers: [
    ListEventsHandler,
    GetEventHandler,
    ResendEventHandler,
    SendTestWebhookHandler,
    RecoverDeliveriesHandler,
    { provide: CLOCK, useValue: systemClock }],
})
export class EventsModule {}
