import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CreateWebhookRequest, MAX_WEBHOOKS_PER_SCOPE, WebhookWithSecretRecord } from '@sdd/contracts';
import { AppError, Clock, CLOCK, newId } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { SecretBox } from './secret-box';
import { newSigningSecret } from './signing-secrets';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { toWebhookRecord } from './webhook-endpoint.record';
import { WebhookUrlGuard } from './webhook-url.guard';

/** A merchant's new endpoint, active at once; its signing secret is shown once, in the answer. */
@Injectable()
export class CreateEndpointHandler {
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    private readonly urlGuard: WebhookUrlGuard,
    @Inject(APP_CONFIG) config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.box = SecretBox.fromConfig(config);
  }

  async execute(request: CreateWebhookRequest): Promise<WebhookWithSecretRecord> {
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
}
