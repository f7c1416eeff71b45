import { formatTime } from '../../lib/format';
import { FAILED_NOTIFICATIONS_KEY, type FailedNotification, retryNotification } from './failures-api';
import { RetryRow } from './RetryRow';
import { useRetry } from './use-retry';

/** A recipient's email the mail server never took: for which delivery and step, to whom (masked), why, and Retry. */
export function FailedNotificationCard({ notification }: { notification: FailedNotification }) {
  const retry = useRetry(FAILED_NOTIFICATIONS_KEY, () => retryNotification(notification.id));
  const headingId = `notification-${notification.id}`;
  return (
    <article className="card" aria-labelledby={headingId}>
      <header className="card-top">
        <h3 id={headingId}>{notification.id}</h3>
        <span className="badge">{notification.step.replace(/_/g, ' ')}</span>
      </header>
      <dl>
        <dt>Delivery</dt>
        <dd>{notification.delivery_id}</dd>
        <dt>Recipient</dt>
        <dd>{notification.recipient}</dd>
        <dt>Attempts</dt>
        <dd>
          {notification.attempts}
          {notification.retries > 0 ? ` (retried ${notification.retries}×)` : ''}
        </dd>
        <dt>Last error</dt>
        <dd>{notification.last_error ?? '—'}</dd>
        <dt>Failed at</dt>
        <dd>{formatTime(notification.failed_at)}</dd>
        <dt>Merchant</dt>
        <dd>{notification.merchant_id}</dd>
      </dl>
      <RetryRow retry={retry} label={notification.id} />
    </article>
  );
}
