import { Injectable } from '@nestjs/common';
import { DeliveryEvent } from '@sdd/contracts';
import { presentEventEnvelope } from '@sdd/public-api';
import { FirstAttempt, MessageSendRepository } from './message-send.repository';

/**
 * A delivery event from the outbox: stored once with the body every attempt
 * will send, and fanned out to the subscribed endpoints. Returns the first
 * attempts still to make, with what making them needs: all of them, or,
 * when the outbox offers the event again, those the first offer did not get to.
 */
@Injectable()
export class FanOutEventHandler {
  constructor(private readonly messages: MessageSendRepository) {}

  execute(event: DeliveryEvent): Promise<FirstAttempt[]> {
    const envelope = presentEventEnvelope(event);
    return this.messages.recordAndFanOut({
      id: event.id,
      merchantId: event.merchant_id,
      mode: event.data.mode,
      type: event.type,
      deliveryId: event.delivery_id,
      body: JSON.stringify(envelope),
      createdAt: new Date(event.created_at),
    });
  }
}
