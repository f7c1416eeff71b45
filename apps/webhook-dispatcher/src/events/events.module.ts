import { Module } from '@nestjs/common';
import { CLOCK, systemClock } from '@sdd/common';
import { DispatchModule } from '../dispatch/dispatch.module';
import { EndpointsModule } from '../endpoints/endpoints.module';
import { EventsController } from './events.controller';
import { GetEventHandler } from './get-event.handler';
import { GetWebhookHealthHandler } from './get-webhook-health.handler';
import { ListEventsHandler } from './list-events.handler';
import { EventReadRepository } from './event-read.repository';
import { RecoverDestinationsHandler } from './recover-destinations.handler';
import { ResendEventHandler } from './resend-event.handler';
import { SendPingHandler } from './send-ping.handler';
import { StreamEventsHandler } from './stream-events.handler';

/** The event log a merchant reads, and the tools to send again or ping an endpoint. */
@Module({
  imports: [DispatchModule, EndpointsModule],
  controllers: [EventsController],
  providers: [
    ListEventsHandler,
    GetEventHandler,
    ResendEventHandler,
    SendPingHandler,
    RecoverDestinationsHandler,
    GetWebhookHealthHandler,
    StreamEventsHandler,
    EventReadRepository,
    { provide: CLOCK, useValue: systemClock },
  ],
})
export class EventsModule {}
