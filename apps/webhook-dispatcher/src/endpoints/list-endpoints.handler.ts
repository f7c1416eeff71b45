import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListWebhooksRequest, WebhookRecordList } from '@sdd/contracts';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';
import { toWebhookRecord } from './webhook-endpoint.record';

/** A merchant's endpoints in one mode, oldest first. */
@Injectable()
export class ListEndpointsHandler {
  constructor(@InjectRepository(WebhookEndpointEntity) private readonly endpoints: Repository<WebhookEndpointEntity>) {}

  async execute({ scope }: ListWebhooksRequest): Promise<WebhookRecordList> {
    const rows = await this.endpoints.find({
      where: { merchantId: scope.merchantId, mode: scope.mode },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return { data: rows.map(toWebhookRecord) };
  }
}
