import { QueryState } from '../../components/QueryState';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useMode } from '../mode/mode';
import { AccountSection } from './AccountSection';
import { DeliveryLink } from './DeliveryLink';
import { useCheckouts, usePayouts, useRefunds } from './money-api';
import { refundReasonLabel } from './money-status';
import { MoneyStatusBadge } from './MoneyStatusBadge';

/** Checkouts, payouts and refunds of this mode, newest first, with the fee tier and the payout account. */
export function MoneyPage() {
  const { mode } = useMode();
  const checkouts = useCheckouts();
  const payouts = usePayouts();
  const refunds = useRefunds();
  return (
    <>
      <h1>Money</h1>
      <AccountSection />

      <h2 id="checkouts">Checkouts</h2>
      <QueryState query={checkouts} isEmpty={(list) => list.data.length === 0} empty={`No ${mode} checkouts yet.`}>
        {(list) => (
          <div className="table-wrap">
            <table aria-labelledby="checkouts">
              <thead>
                <tr>
                  <th scope="col">Checkout</th>
                  <th scope="col">Status</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Refunded</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Paid</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((checkout) => (
                  <tr key={checkout.checkout_id} data-checkout-id={checkout.checkout_id}>
                    <td>{checkout.checkout_id}</td>
                    <td>
                      <MoneyStatusBadge status={checkout.status} />
                    </td>
                    <td>{formatMoney(checkout.amount, checkout.currency)}</td>
                    <td>{checkout.amount_refunded > 0 ? formatMoney(checkout.amount_refunded, checkout.currency) : '—'}</td>
                    <td>
                      <DeliveryLink deliveryId={checkout.delivery_id} />
                    </td>
                    <td>{formatDateTime(checkout.paid_at)}</td>
                    <td>{formatDateTime(checkout.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>

      <h2 id="payouts">Payouts</h2>
      <QueryState query={payouts} isEmpty={(list) => list.data.length === 0} empty={`No ${mode} payouts yet: a delivered delivery's net is paid out to the connected account.`}>
        {(list) => (
          <div className="table-wrap">
            <table aria-labelledby="payouts">
              <thead>
                <tr>
                  <th scope="col">Payout</th>
                  <th scope="col">Status</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((payout) => (
                  <tr key={payout.id} data-payout-id={payout.id}>
                    <td>{payout.id}</td>
                    <td>
                      <MoneyStatusBadge status={payout.status} />
                    </td>
                    <td>{formatMoney(payout.amount, payout.currency)}</td>
                    <td>
                      <DeliveryLink deliveryId={payout.delivery_id} />
                    </td>
                    <td>{formatDateTime(payout.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>

      <h2 id="refunds">Refunds</h2>
      <QueryState query={refunds} isEmpty={(list) => list.data.length === 0} empty={`No ${mode} refunds.`}>
        {(list) => (
          <div className="table-wrap">
            <table aria-labelledby="refunds">
              <thead>
                <tr>
                  <th scope="col">Refund</th>
                  <th scope="col">Status</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Reason</th>
                  <th scope="col">Delivery</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((refund) => (
                  <tr key={refund.id} data-refund-id={refund.id}>
                    <td>{refund.id}</td>
                    <td>
                      <MoneyStatusBadge status={refund.status} />
                    </td>
                    <td>{formatMoney(refund.amount, refund.currency)}</td>
                    <td>{refundReasonLabel(refund.reason)}</td>
                    <td>
                      <DeliveryLink deliveryId={refund.delivery_id} />
                    </td>
                    <td>{formatDateTime(refund.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
    </>
  );
}
