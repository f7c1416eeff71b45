import { formatAmount, formatTime } from '../../lib/format';
import { FAILED_MOVEMENTS_KEY, type FailedMovement, retryMovement } from './failures-api';
import { RetryRow } from './RetryRow';
import { useRetry } from './use-retry';

/** A transfer or refund the processor refused: whose, how much, why, and Retry. */
export function FailedMovementCard({ movement }: { movement: FailedMovement }) {
  const retry = useRetry(FAILED_MOVEMENTS_KEY, () => retryMovement(movement.id));
  const headingId = `movement-${movement.id}`;
  return (
    <article className="card" aria-labelledby={headingId}>
      <header className="card-top">
        <h3 id={headingId}>{movement.id}</h3>
        <span className="badge">{movement.kind}</span>
        <span className="badge">{movement.mode}</span>
      </header>
      <dl>
        <dt>Merchant</dt>
        <dd>{movement.merchant_id}</dd>
        <dt>Amount</dt>
        <dd>{formatAmount(movement.amount, movement.currency)}</dd>
        <dt>Attempts</dt>
        <dd>
          {movement.attempts}
          {movement.retries > 0 ? ` (retried ${movement.retries}×)` : ''}
        </dd>
        <dt>Last error</dt>
        <dd>{movement.last_error ?? '—'}</dd>
        <dt>Failed at</dt>
        <dd>{formatTime(movement.failed_at)}</dd>
        <dt>Delivery</dt>
        <dd>{movement.delivery_id ?? 'none'}</dd>
        <dt>Checkout</dt>
        <dd>{movement.checkout_id}</dd>
      </dl>
      <RetryRow retry={retry} label={movement.id} />
    </article>
  );
}
