import type { ReactNode } from 'react';
import { QueryState } from '../../components/QueryState';
import { formatDateTime } from '../../lib/format';
import { AttemptDetails } from './AttemptDetails';
import { endpointState, successRateLabel } from './webhook-health';
import { useWebhookHealth, type Webhook } from './webhooks-api';

/** An endpoint with its health: enabled or disabled and why, the last day's success rate, its latest failures. */
export function WebhookCard({ webhook, actions }: { webhook: Webhook; actions: ReactNode }) {
  const health = useWebhookHealth(webhook.id);
  const state = endpointState(webhook);
  const headingId = `webhook-${webhook.id}`;
  return (
    <li data-webhook-id={webhook.id} aria-labelledby={headingId}>
      <h2 id={headingId}>{webhook.url}</h2>
      <p>
        <span className={`badge badge-${state.tone}`}>{state.label}</span>
        {webhook.disabled_at ? ` since ${formatDateTime(webhook.disabled_at)}` : ''}
        {webhook.failing_since && !webhook.disabled_at ? ` since ${formatDateTime(webhook.failing_since)}` : ''} · events: {webhook.events.join(', ')} · created{' '}
        {formatDateTime(webhook.created_at)}
      </p>
      <QueryState query={health}>
        {(h) => (
          <>
            <p className="success-rate">{successRateLabel(h)}</p>
            {h.last_failures.length > 0 ? (
              <details>
                <summary>Latest failures ({h.last_failures.length})</summary>
                <ul className="attempts">
                  {h.last_failures.map((attempt) => (
                    <AttemptDetails key={attempt.id} attempt={attempt} />
                  ))}
                </ul>
              </details>
            ) : null}
          </>
        )}
      </QueryState>
      {actions}
    </li>
  );
}
