import { formatDateTime } from '../../lib/format';
import type { WebhookAttempt } from './webhooks-api';

const TRIGGERS: Record<WebhookAttempt['trigger'], string> = { automatic: 'scheduled', resend: 'resent', test: 'test' };

/** One HTTP request to an endpoint: how it ended, how long it took, and the start of what the endpoint answered. */
export function AttemptDetails({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <li className="attempt" data-attempt-id={attempt.id} data-succeeded={attempt.succeeded}>
      <span className={`badge badge-${attempt.succeeded ? 'done' : 'stopped'}`}>{attempt.succeeded ? 'Succeeded' : 'Failed'}</span>{' '}
      {attempt.number === null ? TRIGGERS[attempt.trigger] : `attempt ${attempt.number} (${TRIGGERS[attempt.trigger]})`} ·{' '}
      <span className="attempt-status">{attempt.status_code === null ? 'no response' : `HTTP ${attempt.status_code}`}</span> ·{' '}
      <span className="attempt-duration">{attempt.duration_ms} ms</span> · <time dateTime={attempt.created_at}>{formatDateTime(attempt.created_at)}</time>
      {attempt.error ? <span className="error"> — {attempt.error}</span> : null}
      {attempt.next_retry_at ? ` · next attempt ${formatDateTime(attempt.next_retry_at)}` : ''}
      {attempt.response_body_excerpt ? (
        <figure>
          <figcaption>Response body (start)</figcaption>
          <pre className="excerpt">{attempt.response_body_excerpt}</pre>
        </figure>
      ) : null}
    </li>
  );
}
