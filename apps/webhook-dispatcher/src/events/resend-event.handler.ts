import { Injectable } from '@nestjs/common';
import { ResendEventRequest, WebhookAttemptRecord } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { AttemptSender } from '../dispatch/attempt-sender';
import { MessageSendRepository } from '../dispatch/message-send.repository';
import { ScopedEndpointRepository } from '../endpoints/scoped-endpoint.repository';
import { EventReadRepository } from './event-read.repository';
import { toManualAttemptRecord } from './event.record';

/**
 * Sends an event again, now, to one of the merchant's endpoints (the same
 * body, freshly signed) and answers with the attempt. A success settles the
 * event's destination at that endpoint; the merchant asked, so it goes even to
 * an endpoint that is disabled or was not subscribed.
 */
@Injectable()
export class ResendEventHandler {
  constructor(
    private readonly events: EventReadRepository,
    private readonly messages: MessageSendRepository,
    private readonly sender: AttemptSender,
    private readonly endpoints: ScopedEndpointRepository,
  ) {}

  async execute({ scope, eventId, webhookId }: ResendEventRequest): Promise<WebhookAttemptRecord> {
    const event = await this.events.findEvent(scope.merchantId, scope.mode, eventId);
    if (!event) throw AppError.notFound('No such event.');
    const endpoint = await this.endpoints.get(scope, webhookId, 'webhook_id');
    const outcome = await this.sender.attempt(event.id, endpoint, event.body);
    await this.messages.recordManualAttempt(outcome, 'resend');
    return toManualAttemptRecord(outcome, 'resend');
  }
}
