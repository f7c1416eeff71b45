import { Inject, Injectable } from '@nestjs/common';
import { WEBHOOK_HEALTH_LAST_FAILURES, WEBHOOK_HEALTH_WINDOW_MS, WebhookHealthRecord, WebhookRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { ScopedEndpointRepository } from '../endpoints/scoped-endpoint.repository';
import { EventReadRepository } from './event-read.repository';
import { toAttemptRecord } from './event.record';

/** How an endpoint has been answering lately: its attempts of the last day and the latest failures, to see why. */
@Injectable()
export class GetWebhookHealthHandler {
  constructor(
    private readonly endpoints: ScopedEndpointRepository,
    private readonly reads: EventReadRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, webhookId }: WebhookRef): Promise<WebhookHealthRecord> {
    const endpoint = await this.endpoints.get(scope, webhookId);
    const since = new Date(this.clock.now().getTime() - WEBHOOK_HEALTH_WINDOW_MS);
    const found = await this.reads.attemptsOfEndpoint(endpoint.id, since, WEBHOOK_HEALTH_LAST_FAILURES);
    return {
      webhookId: endpoint.id,
      since: since.toISOString(),
      attempts: found.attempts,
      succeeded: found.succeeded,
      lastFailures: found.lastFailures.map(toAttemptRecord),
    };
  }
}
