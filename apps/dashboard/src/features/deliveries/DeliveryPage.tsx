import { Link, useParams } from 'react-router-dom';
import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { formatDateTime, formatMoney } from '../../lib/format';
import { canChange } from '../auth/permissions';
import { useSignedIn } from '../auth/SessionContext';
import { useMode } from '../mode/mode';
import { useAdvanceDelivery, useDelivery, useDeliveryEvents, useDeliveryProof, type AdvanceTo } from './deliveries-api';
import { EventAttempts } from './EventAttempts';
import { StatusBadge } from './StatusBadge';
import { statusLabel } from './delivery-status';

const ADVANCE_TO: AdvanceTo[] = ['pending', 'driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit', 'delivered', 'failed'];

export function DeliveryPage() {
  const { deliveryId = '' } = useParams();
  const delivery = useDelivery(deliveryId);
  const events = useDeliveryEvents(deliveryId);
  const proof = useDeliveryProof(deliveryId, delivery.data?.status === 'delivered');
  const advance = useAdvanceDelivery(deliveryId);
  const { mode } = useMode();
  const { member } = useSignedIn();

  return (
    <>
      <p>
        <Link to="/deliveries">← Deliveries</Link>
      </p>
      <QueryState query={delivery}>
        {(d) => (
          <>
            <h1>
              Delivery <code>{d.id}</code> <StatusBadge status={d.status} />
            </h1>
            <dl className="facts">
              <dt>Price</dt>
              <dd>{formatMoney(d.price, d.currency)}</dd>
              <dt>Reference</dt>
              <dd>{d.external_reference ?? '—'}</dd>
              <dt>Pickup</dt>
              <dd>{d.pickup.address}</dd>
              <dt>Dropoff</dt>
              <dd>{d.dropoff.address}</dd>
              <dt>Recipient</dt>
              <dd>{d.customer?.name ?? '—'}</dd>
              <dt>Driver</dt>
              <dd>{d.driver ? `${d.driver.name} (${d.driver.vehicle})` : 'Not assigned'}</dd>
              <dt>Refund</dt>
              <dd>{d.refund ? `${formatMoney(d.refund.amount, d.refund.currency)} — ${d.refund.status} (${d.refund.reason.replaceAll('_', ' ')})` : 'None'}</dd>
              <dt>Created</dt>
              <dd>{formatDateTime(d.created_at)}</dd>
            </dl>
            {proof.data ? (
              <section aria-labelledby="proof">
                <h2 id="proof">Proof of delivery</h2>
                <p>
                  Delivered {formatDateTime(proof.data.delivered_at)} to {proof.data.recipient_name ?? 'the recipient'}; PIN {proof.data.pin_verified ? 'verified' : 'not used'}; ID{' '}
                  {proof.data.id_checked ? 'checked' : 'not checked'}; {proof.data.photos.length} photo(s).
                </p>
              </section>
            ) : null}
            {mode === 'test' && canChange(member.role) ? (
              <section aria-labelledby="advance">
                <h2 id="advance">Advance this test delivery</h2>
                <div className="actions">
                  {ADVANCE_TO.map((to) => (
                    <button key={to} type="button" disabled={advance.isPending} onClick={() => advance.mutate(to)}>
                      {statusLabel(to)}
                    </button>
                  ))}
                </div>
                {advance.error ? <ErrorMessage error={advance.error} /> : null}
              </section>
            ) : null}
          </>
        )}
      </QueryState>
      <section aria-labelledby="timeline">
        <h2 id="timeline">Timeline and events</h2>
        <QueryState query={events} isEmpty={(list) => list.data.length === 0} empty="No events yet.">
          {(list) => (
            <ol className="timeline">
              {[...list.data]
                .sort((a, b) => a.sequence - b.sequence)
                .map((event) => (
                  <li key={event.id}>
                    <details>
                      <summary>
                        <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time> <code>{event.type}</code>
                      </summary>
                      <EventAttempts eventId={event.id} writable={canChange(member.role)} />
                    </details>
                  </li>
                ))}
            </ol>
          )}
        </QueryState>
      </section>
    </>
  );
}
