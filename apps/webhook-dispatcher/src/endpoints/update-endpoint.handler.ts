import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { UpdateWebhookRequest, WebhookRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { ScopedEndpointRepository } from './scoped-endpoint.repository';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { toWebhookRecord } from './webhook-endpoint.record';
import { WebhookUrlGuard } from './webhook-url.guard';

/** Changes what the merchant sent of an endpoint's url, events, description, notices address, and whether it is active. */
@Injectable()
export class UpdateEndpointHandler {
  constructor(
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    private readonly scoped: ScopedEndpointRepository,
    private readonly urlGuard: WebhookUrlGuard,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: UpdateWebhookRequest): Promise<WebhookRecord> {
    const endpoint = await this.scoped.get(request.scope, request.webhookId);
    if (request.url !== undefined) endpoint.url = await this.urlGuard.assertAllowed(request.url);
    if (request.events !== undefined) endpoint.events = request.events;
    if (request.description !== undefined) endpoint.description = request.description;
    endpoint.notifyEmail = request.notifyEmail;
    const changes: Partial<WebhookEndpointEntity> = { url: endpoint.url, events: endpoint.events, description: endpoint.description, notifyEmail: endpoint.notifyEmail };
    // Only a change of `active` writes it (and its fields): an edit of the url or events never undoes an auto-disable that came meanwhile.
    if (request.active === true && !endpoint.active) {
      // Re-enabled, it starts afresh: failures from before (and their warning) no longer count towards auto-disable.
      Object.assign(endpoint, { active: true, activeSince: this.clock.now(), disabledAt: null, disabledReason: null, failingSince: null });
      Object.assign(changes, {
        active: true,
        activeSince: endpoint.activeSince,
        disabledAt: null,
        disabledReason: null,
        failingSince: null,
        failingAttempts: 0,
        failingFailures: 0,
        warnedAt: null,
      });
    }
    if (request.active === false && endpoint.active) {
      Object.assign(endpoint, { active: false, disabledAt: this.clock.now(), disabledReason: 'merchant' });
      Object.assign(changes, { active: false, disabledAt: endpoint.disabledAt, disabledReason: 'merchant' });
    }
    await this.endpoints.update({ id: endpoint.id }, changes);
    return toWebhookRecord(endpoint);
  }
}
