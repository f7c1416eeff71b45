import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  AttemptView,
  EventDetailView,
  EventList,
  EventRef,
  ListEventsRequest,
  Pattern,
  RecoverWebhookRequest,
  RecoveryView,
  ResendEventRequest,
  WebhookRef,
} from '@sdd/contracts';
import { GetEventHandler } from './get-event.handler';
import { ListEventsHandler } from './list-events.handler';
import { RecoverDeliveriesHandler } from './recover-deliveries.handler';
import { ResendEventHandler } from './resend-event.handler';
import { SendTestWebhookHandler } from './send-test-webhook.handler';

@Controller()
export class EventsController {
  constructor(
    private readonly listEvents: ListEventsHandler,
    private readonly getEvent: GetEventHandler,
    private readonly resendEvent: ResendEventHandler,
    private readonly sendTest: SendTestWebhookHandler,
    private readonly recoverDeliveries: RecoverDeliveriesHandler,
  ) {}

  @BusHandler(Pattern.ListEvents)
  list(@Payload() request: ListEventsRequest): Promise<EventList> {
    return this.listEvents.execute(request);
  }

  @BusHandler(Pattern.GetEvent)
  get(@Payload() request: EventRef): Promise<EventDetailView> {
    return this.getEvent.execute(request);
  }

  @BusHandler(Pattern.ResendEvent)
  resend(@Payload() request: ResendEventRequest): Promise<AttemptView> {
    return this.resendEvent.execute(request);
  }

  @BusHandler(Pattern.SendTestWebhook)
  test(@Payload() request: WebhookRef): Promise<AttemptView> {
    return this.sendTest.execute(request);
  }

  @BusHandler(Pattern.RecoverWebhookDeliveries)
  recover(@Payload() request: RecoverWebhookRequest): Promise<RecoveryView> {
    return this.recoverDeliveries.execute(request);
  }
}
