import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { MerchantScope } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

/** The one lookup of an endpoint by a merchant's request: another merchant's or the other mode's is not found. */
@Injectable()
export class ScopedEndpointRepository {
  constructor(@InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>) {}

  /** `param` names the body field the id came in, when it did not come in the path. */
  async get({ merchantId, mode }: MerchantScope, webhookId: string, param: string | null = null): Promise<WebhookEndpointEntity> {
    const endpoint = await this.endpoints.findOneBy({ id: webhookId, merchantId, mode });
    if (!endpoint) throw AppError.notFound('No such webhook.', param);
    return endpoint;
  }
}
