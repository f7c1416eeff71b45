import { Injectable } from '@nestjs/common';
import { DeliveryEvent } from '@sdd/contracts';
import { presentEventEnvelope } from '@sdd/public-api';
import { AttemptQueue } from './attempt.queue';
import { MessageSendRepository } from './message-send.repository';

/**
 * A delivery event from the outbox: stored once with the body every attempt
 * will send, then one first attempt queued per subscribed endpoint. The
 * outbox offers an event until it is acknowledged; a second offer queues
 * only what the first did not get to.
 */
@Injectable()
export class FanOutEventHandler {
  constructor(
    private readonly messages: MessageSendRepository,
    private readonly queue: AttemptQueue,
  ) {}

  async execute(event: DeliveryEvent): Promise<void> {
    const envelope = presentEventEnvelope(event);
    const endpointIds = await this.messages.recordAndFanOut({
      id: event.id,
      merchantId: event.merchant_id,
      mode: event.data.mode,
      type: event.type,
      deliveryId: event.delivery_id,
      body: JSON.stringify(envelope),
      createdAt: new Date(event.created_at),
    });
    await this.queue.add(endpointIds.map((endpointId) => ({ eventId: event.id, endpointId, number: 1 })));
  }
}
