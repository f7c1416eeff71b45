import { WebhookRecord } from '@sdd/contracts';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

export function toWebhookRecord(endpoint: WebhookEndpointEntity): WebhookRecord {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    active: endpoint.active,
    createdAt: endpoint.createdAt.toISOString(),
    failingSince: endpoint.failingSince?.toISOString() ?? null,
    disabledAt: endpoint.disabledAt?.toISOString() ?? null,
    disabledReason: endpoint.disabledReason,
  };
}
