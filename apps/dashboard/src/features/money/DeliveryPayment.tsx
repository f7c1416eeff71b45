import { Link } from 'react-router-dom';
import { QueryState } from '../../components/QueryState';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useMode } from '../mode/mode';
import { useDeliveryCheckout } from './money-api';
import { refundReasonLabel } from './money-status';
import { MoneyStatusBadge } from './MoneyStatusBadge';

/** The checkout that paid for a delivery and every refund of it, with the way to the Money page. */
export function DeliveryPayment({ deliveryId, deliveryStatus }: { deliveryId: string; deliveryStatus: string }) {
  const { mode } = useMode();
  const checkout = useDeliveryCheckout(deliveryId, deliveryStatus);
  return (
    <section aria-labelledby="payment">
      <h2 id="payment">Payment</h2>
      <QueryState
        query={checkout}
        isEmpty={(found) => found === null}
        empty={mode === 'test' ? 'No payment: this test delivery was created without a checkout.' : 'No payment: no checkout paid for this delivery.'}
      >
        {(paid) =>
          paid ? (
            <>
              <dl className="facts" data-checkout-id={paid.checkout_id}>
                <dt>Checkout</dt>
                <dd>
                  <code>{paid.checkout_id}</code>
                </dd>
                <dt>Status</dt>
                <dd>
                  <MoneyStatusBadge status={paid.status} />
                </dd>
                <dt>Paid</dt>
                <dd>{paid.paid_at ? formatDateTime(paid.paid_at) : 'Not yet'}</dd>
                <dt>Amount</dt>
                <dd>
                  {formatMoney(paid.amount, paid.currency)} ({formatMoney(paid.items_subtotal, paid.currency)} items, {formatMoney(paid.delivery_fee, paid.currency)} delivery)
                </dd>
                <dt>Refunded</dt>
                <dd>{paid.amount_refunded > 0 ? formatMoney(paid.amount_refunded, paid.currency) : 'Nothing'}</dd>
                <dt>Created</dt>
                <dd>{formatDateTime(paid.created_at)}</dd>
              </dl>
              {paid.refunds.length > 0 ? (
                <ul className="refunds" aria-label="Refunds">
                  {paid.refunds.map((refund) => (
                    <li key={refund.id} data-refund-id={refund.id}>
                      {formatMoney(refund.amount, refund.currency)} <MoneyStatusBadge status={refund.status} /> {refundReasonLabel(refund.reason)},{' '}
                      {formatDateTime(refund.created_at)}
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null
        }
      </QueryState>
      <p>
        <Link to="/money">All checkouts, payouts and refunds on the Money page</Link>
      </p>
    </section>
  );
}
