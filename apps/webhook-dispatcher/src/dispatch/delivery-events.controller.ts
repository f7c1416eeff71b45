import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { DeliveryEvent, EVENT_TYPES } from '@sdd/contracts';
import { FanOutEventHandler } from './fan-out-event.handler';

/** Every delivery event the outbox publishes becomes a webhook event. */
@Controller()
export class DeliveryEventsController {
  constructor(private readonly fanOut: FanOutEventHandler) {}

  @EventPattern([...EVENT_TYPES])
  handle(@Payload() event: DeliveryEvent): Promise<void> {
    return this.fanOut.execute(event);
  }
}
