import { Injectable, Logger } from '@nestjs/common';
import { DeliveryEventReceipt } from '@sdd/contracts';
import { acceptedDeliveryEvents } from '@sdd/bus';

import { FanOutEventHandler } from './fan-out-event.handler';
import { FirstAttemptRunner } from './first-attempt.runner';

/**
 * Takes a batch of delivery events from the outbox and acknowledges those it
 * has stored and whose first attempts are covered by a job. The sender
 * keeps offering whatever is not acknowledged, and storing is idempotent by
 * event id, so an event handled twice is stored and sent once.
 */
@Injectable()
export class IngestDeliveryEventsHandler {
  private readonly logger = new Logger(IngestDeliveryEventsHandler.name);

  constructor(
    private readonly fanOut: FanOutEventHandler,
    private readonly firstAttempts: FirstAttemptRunner,
  ) {}

  async execute(payload: unknown): Promise<DeliveryEventReceipt> {
    const events = acceptedDeliveryEvents(payload, this.logger);
    const outcomes = await Promise.allSettled(events.map((event) => this.fanOut.execute(event)));
    const stored: string[] = [];
    outcomes.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') stored.push(events[index].id);
      else this.logger.warn(`delivery event ${events[index].id} not stored, left for the next offer: ${(outcome.reason as Error).message}`);
    });
    try {
      await this.firstAttempts.start(outcomes.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : [])));
    } catch (error) {
      this.logger.warn(`first attempts of ${stored.length} delivery events not covered, left for the next offer: ${(error as Error).message}`);
      return { acknowledged: [] };
    }
    return { acknowledged: stored };
  }
}
