import type { RecoveryRecord, WebhookRecord, WebhookRecordList, WebhookWithSecretRecord } from '@sdd/contracts';
import type { DeletedWebhookResource, RecoveryResource, WebhookListResource, WebhookResource, WebhookWithSecretResource } from './webhook.resource';

export function presentWebhook(webhook: WebhookRecord): WebhookResource {
  return {
    id: webhook.id,
    url: webhook.url,
    events: webhook.events,
    description: webhook.description,
    active: webhook.active,
    created_at: webhook.createdAt,
    failing_since: webhook.failingSince,
    disabled_at: webhook.disabledAt,
    disabled_reason: webhook.disabledReason,
  };
}

/** The answer to a creation or a secret rotation: the only place the secret is shown. */
export function presentWebhookWithSecret(webhook: WebhookWithSecretRecord): WebhookWithSecretResource {
  return { ...presentWebhook(webhook), secret: webhook.secret };
}

export function presentWebhookList(list: WebhookRecordList): WebhookListResource {
  return { data: list.data.map(presentWebhook) };
}

export function presentDeletedWebhook(deleted: { id: string }): DeletedWebhookResource {
  return { id: deleted.id, deleted: true };
}

export function presentRecovery(recovery: RecoveryRecord): RecoveryResource {
  return { queued: recovery.queued };
}
