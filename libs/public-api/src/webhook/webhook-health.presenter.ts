import type { WebhookHealthRecord } from '@sdd/contracts';
import { presentAttempt } from '../event/event.presenter';
import type { WebhookHealthResource } from './webhook-health.resource';

/** The share of attempts that succeeded, to 4 decimals; none without attempts (0 would read as "all failed"). */
export function successRate(succeeded: number, attempts: number): number | null {
  return attempts === 0 ? null : Math.round((succeeded / attempts) * 10_000) / 10_000;
}

export function presentWebhookHealth(health: WebhookHealthRecord): WebhookHealthResource {
  return {
    webhook_id: health.webhookId,
    since: health.since,
    attempts: health.attempts,
    succeeded: health.succeeded,
    success_rate: successRate(health.succeeded, health.attempts),
    last_failures: health.lastFailures.map(presentAttempt),
  };
}
