import { Injectable, Logger } from '@nestjs/common';
import { DeliveryEventReceipt } from '@sdd/contracts';
import { checkDeliveryEventBatch } from '@sdd/bus';

import { FanOutEventHandler } from './fan-out-event.handler';

/**
 * Takes a batch of delivery events from the outbox and acknowledges those it
 * has stored and queued. The sender keeps offering whatever is not
 * acknowledged, and storing is idempotent by event id, so an event handled
 * twice is stored and sent once.
 */
@Injectable()
export class IngestDeliveryEventsHandler {
  private readonly logger = new Logger(IngestDeliveryEventsHandler.name);

  constructor(private readonly fanOut: FanOutEventHandler) {}

  async execute(payload: unknown): Promise<DeliveryEventReceipt> {
    const { events, refused } = checkDeliveryEventBatch(payload);
    for (const { id, param } of refused) this.logger.error(`refused delivery event ${id ?? '(no id)'}: invalid ${param}`);
    const outcomes = await Promise.allSettled(events.map((event) => this.fanOut.execute(event)));
    const acknowledged: string[] = [];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') acknowledged.push(events[index].id);
      else this.logger.warn(`delivery event ${events[index].id} not stored, left for the next offer: ${(outcome.reason as Error).message}`);
    });
    return { acknowledged };
  }
}
