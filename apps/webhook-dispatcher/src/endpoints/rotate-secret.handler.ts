import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { RotateWebhookSecretRequest, WebhookWithSecretRecord } from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { WebhookDispatcherConfig } from '../config';
import { ScopedEndpointRepository } from './scoped-endpoint.repository';
import { SecretBox } from './secret-box';
import { newSigningSecret, previousSecretExpiry } from './signing-secrets';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { toWebhookRecord } from './webhook-endpoint.record';

/**
 * Gives an endpoint a new signing secret (shown once, in the answer). The one
 * it replaces keeps signing beside it for `expiresInHours` (0: stops at once),
 * so the merchant can deploy the new secret without rejecting a request.
 * Rotating again replaces the previous secret: at most two ever sign.
 */
@Injectable()
export class RotateSecretHandler {
  private readonly box: SecretBox;

  constructor(
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    private readonly scoped: ScopedEndpointRepository,
    @Inject(APP_CONFIG) config: WebhookDispatcherConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.box = SecretBox.fromConfig(config);
  }

  async execute({ scope, webhookId, expiresInHours }: RotateWebhookSecretRequest): Promise<WebhookWithSecretRecord> {
    const secret = newSigningSecret();
    const expiresAt = previousSecretExpiry(this.clock.now(), expiresInHours);
    // One statement: the secret it replaces is the one stored when it runs, whatever a concurrent rotation did.
    const { affected } = await this.endpoints
      .createQueryBuilder()
      .update()
      .set({
        previousSecretSealed: () => (expiresAt ? 'secret_sealed' : 'NULL'),
        previousSecretExpiresAt: expiresAt,
        secretSealed: this.box.seal(secret, webhookId),
      })
      .where({ id: webhookId, merchantId: scope.merchantId, mode: scope.mode })
      .execute();
    if (affected !== 1) throw AppError.notFound('No such webhook.');
    const endpoint = await this.scoped.get(scope, webhookId);
    return { ...toWebhookRecord(endpoint), secret };
  }
}
