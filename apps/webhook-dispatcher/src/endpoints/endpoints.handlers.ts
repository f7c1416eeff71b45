import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import {
  CreateWebhookRequest,
  ListWebhooksRequest,
  UpdateWebhookRequest,
  WebhookRecordList,
  WebhookRef,
  WebhookRecord,
  WebhookWithSecretRecord,
} from '@sdd/contracts';
import { AppError, Clock, CLOCK, newId } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { ScopedEndpointRepository } from './scoped-endpoint.repository';
import { SecretBox } from './secret-box';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { newSigningSecret } from './signing-secrets';
import { toWebhookRecord } from './webhook-endpoint.record';
import { WebhookUrlGuard } from './webhook-url.guard';

/** At most this many endpoints per merchant and mode (decisions.md, Webhooks). */
const MAX_WEBHOOKS_PER_SCOPE = 16;

@Injectable()
export class EndpointsHandlers {
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    private readonly scoped: ScopedEndpointRepository,
    private readonly urlGuard: WebhookUrlGuard,
    @Inject(APP_CONFIG) config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.box = SecretBox.fromConfig(config);
  }

  async create(request: CreateWebhookRequest): Promise<WebhookWithSecretRecord> {
    const url = await this.urlGuard.assertAllowed(request.url);
    const existing = await this.endpoints.countBy({ merchantId: request.scope.merchantId, mode: request.scope.mode });
    if (existing >= MAX_WEBHOOKS_PER_SCOPE) {
      throw AppError.invalidRequest('webhook_limit_reached', `At most ${MAX_WEBHOOKS_PER_SCOPE} webhooks per account and mode: delete one first.`);
    }
    const secret = newSigningSecret();
    const id = newId('wh');
    const endpoint = Object.assign(new WebhookEndpointEntity(), {
      id,
      merchantId: request.scope.merchantId,
      mode: request.scope.mode,
      url,
      events: request.events,
      description: request.description,
      secretSealed: this.box.seal(secret, id),
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
      active: true,
      activeSince: null,
      createdAt: this.clock.now(),
      failingSince: null,
      disabledAt: null,
      disabledReason: null,
      notifyEmail: request.notifyEmail,
    });
    await this.endpoints.insert(endpoint);
    return { ...toWebhookRecord(endpoint), secret };
  }

  async list({ scope }: ListWebhooksRequest): Promise<WebhookRecordList> {
    const rows = await this.endpoints.find({
      where: { merchantId: scope.merchantId, mode: scope.mode },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { data: rows.map(toWebhookRecord) };
  }

  async update(request: UpdateWebhookRequest): Promise<WebhookRecord> {
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

  async delete(ref: WebhookRef): Promise<{ id: string }> {
    const endpoint = await this.scoped.get(ref.scope, ref.webhookId);
    await this.endpoints.delete({ id: endpoint.id });
    return { id: endpoint.id };
  }
}
