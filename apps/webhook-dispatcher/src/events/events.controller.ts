import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  EventDetailRecord,
  EventRecordPage,
  EventRef,
  EventStreamPage,
  ListEventsRequest,
  Pattern,
  RecoverWebhookRequest,
  RecoveryRecord,
  ResendEventRequest,
  StreamEventsRequest,
  WebhookAttemptRecord,
  WebhookHealthRecord,
  WebhookRef,
} from '@sdd/contracts';
import { GetWebhookHealthHandler } from './get-webhook-health.handler';
import { GetEventHandler } from './get-event.handler';
import { ListEventsHandler } from './list-events.handler';
import { RecoverDestinationsHandler } from './recover-destinations.handler';
import { ResendEventHandler } from './resend-event.handler';
import { SendPingHandler } from './send-ping.handler';
import { StreamEventsHandler } from './stream-events.handler';

@Controller()
export class EventsController {
  constructor(
    private readonly listEvents: ListEventsHandler,
    private readonly getEvent: GetEventHandler,
    private readonly resendEvent: ResendEventHandler,
    private readonly sendPing: SendPingHandler,
    private readonly recoverDestinations: RecoverDestinationsHandler,
    private readonly getWebhookHealth: GetWebhookHealthHandler,
    private readonly streamEvents: StreamEventsHandler,
  ) {}

  @BusHandler(Pattern.ListEvents)
  list(@Payload() request: ListEventsRequest): Promise<EventRecordPage> {
    return this.listEvents.execute(request);
  }

  @BusHandler(Pattern.StreamEvents)
  stream(@Payload() request: StreamEventsRequest): Promise<EventStreamPage> {
    return this.streamEvents.execute(request);
  }

  @BusHandler(Pattern.GetEvent)
  get(@Payload() request: EventRef): Promise<EventDetailRecord> {
    return this.getEvent.execute(request);
  }

  @BusHandler(Pattern.ResendEvent)
  resend(@Payload() request: ResendEventRequest): Promise<WebhookAttemptRecord> {
    return this.resendEvent.execute(request);
  }

  @BusHandler(Pattern.PingWebhook)
  ping(@Payload() request: WebhookRef): Promise<WebhookAttemptRecord> {
    return this.sendPing.execute(request);
  }

  @BusHandler(Pattern.RecoverWebhookDestinations)
  recover(@Payload() request: RecoverWebhookRequest): Promise<RecoveryRecord> {
    return this.recoverDestinations.execute(request);
  }

  @BusHandler(Pattern.GetWebhookHealth)
  health(@Payload() request: WebhookRef): Promise<WebhookHealthRecord> {
    return this.getWebhookHealth.execute(request);
  }
}
