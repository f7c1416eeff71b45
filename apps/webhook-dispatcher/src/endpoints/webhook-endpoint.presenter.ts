import { WebhookView } from '@sdd/contracts';
import { WebhookEndpointEntity } from './webhook-endpoint.entity';

export function presentWebhook(endpoint: WebhookEndpointEntity): WebhookView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    description: endpoint.description,
    active: endpoint.active,
    created_at: endpoint.createdAt.toISOString(),
  };
}
