import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { WebhookRef } from '@sdd/contracts';
import { ScopedEndpointRepository } from './scoped-endpoint.repository';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

/** Deletes a merchant's endpoint; nothing more is sent to it. */
@Injectable()
export class DeleteEndpointHandler {
  constructor(
    @InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>,
    private readonly scoped: ScopedEndpointRepository,
  ) {}

  async execute(ref: WebhookRef): Promise<{ id: string }> {
    const endpoint = await this.scoped.get(ref.scope, ref.webhookId);
    await this.endpoints.delete({ id: endpoint.id });
    return { id: endpoint.id };
  }
}
