import { Inject, Injectable } from '@nestjs/common';
import { WebhookAttemptRecord, WebhookRef } from '@sdd/contracts';
import { presentPingEnvelope } from '@sdd/public-api';
import { Clock, CLOCK, newId } from '@sdd/common';
import { AttemptSender } from '../dispatch/attempt-sender';
import { MessageSendRepository } from '../dispatch/message-send.repository';
import { ScopedEndpointRepository } from '../endpoints/scoped-endpoint.repository';
import { toManualAttemptRecord } from './event.record';

/**
 * Sends a signed `webhook.test` event to one endpoint now and answers with
 * the attempt, so a merchant can check their receiver and its signature
 * verification before any delivery happens: a ping, in any mode (the public
 * route `/test`, the event type `webhook.test` and the attempt trigger `test`
 * are the contract's names). It is logged like any event and never retried.
 */
@Injectable()
export class SendPingHandler {
  constructor(
    private readonly messages: MessageSendRepository,
    private readonly sender: AttemptSender,
    private readonly endpoints: ScopedEndpointRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, webhookId }: WebhookRef): Promise<WebhookAttemptRecord> {
    const endpoint = await this.endpoints.get(scope, webhookId);
    const now = this.clock.now();
    const envelope = presentPingEnvelope(newId('evt'), now, endpoint.id);
    const body = JSON.stringify(envelope);
    await this.messages.insertEvent({
      id: envelope.id,
      merchantId: scope.merchantId,
      mode: scope.mode,
      type: envelope.type,
      deliveryId: null,
      body,
      createdAt: now,
    });
    const outcome = await this.sender.attempt(envelope.id, endpoint, body);
    await this.messages.recordManualAttempt(outcome, 'test');
    return toManualAttemptRecord(outcome, 'test');
  }
}
