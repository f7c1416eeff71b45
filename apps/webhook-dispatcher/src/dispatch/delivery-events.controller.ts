import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { DeliveryEventReceipt, Pattern } from '@sdd/contracts';
import { IngestDeliveryEventsHandler } from './ingest-delivery-events.handler';

/** Every delivery event the outbox hands over becomes a webhook event; the reply acknowledges it. */
@Controller()
export class DeliveryEventsController {
  constructor(private readonly ingest: IngestDeliveryEventsHandler) {}

  @BusHandler(Pattern.IngestDeliveryEvents)
  handle(@Payload() batch: unknown): Promise<DeliveryEventReceipt> {
    return this.ingest.execute(batch);
  }
}
