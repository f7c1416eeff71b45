import { MerchantScope } from './scope';

/** An endpoint as the API shows it; the secret appears only in the creation response. */
export interface WebhookView {
  id: string;
  url: string;
  events: string[];
  description: string | null;
  active: boolean;
  created_at: string;
}

export interface CreatedWebhookView extends WebhookView {
  secret: string;
}

export interface CreateWebhookRequest {
  scope: MerchantScope;
  url: string;
  events: string[];
  description: string | null;
}

export interface UpdateWebhookRequest {
  scope: MerchantScope;
  webhookId: string;
  url?: string;
  events?: string[];
  description?: string | null;
  active?: boolean;
}

export interface WebhookRef {
  scope: MerchantScope;
  webhookId: string;
}

/** At most this many endpoints per merchant and mode (decisions.md, Webhooks). */
export const MAX_WEBHOOKS_PER_SCOPE = 16;
