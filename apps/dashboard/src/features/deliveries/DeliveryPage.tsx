import { Link, useParams } from 'react-router-dom';
import { ErrorMessage } from '../../components/ErrorMessage';
import { QueryState } from '../../components/QueryState';
import { formatDateTime, formatMoney } from '../../lib/format';
import { canChange } from '../auth/permissions';
import { DeliveryPayment } from '../money/DeliveryPayment';
import { useSignedIn } from '../auth/SessionContext';
import { useMode } from '../mode/mode';
import { useAdvanceDelivery, useDelivery, useDeliveryEvents, useDeliveryProof, useDeliveryTracking, type AdvanceTo } from './deliveries-api';
import { EventAttempts } from './EventAttempts';
import { DeliveryMap } from './DeliveryMap';
import { driverToShow } from './route-map';
import { StatusBadge } from './StatusBadge';
import { statusLabel, statusTone } from './delivery-status';

const ADVANCE_TO: AdvanceTo[] = ['pending', 'driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit', 'delivered', 'failed'];

/** "delivery.picked_up" as people read it ("Picked up"); other events as they are named. */
function eventLabel(type: string): string {
  return type.startsWith('delivery.') ? statusLabel(type.slice('delivery.'.length)) : type;
}

function contact(name: string | null | undefined, phone: string | null | undefined): string {
  return [name, phone].filter(Boolean).join(', ') || '—';
}

export function DeliveryPage() {
  const { deliveryId = '' } = useParams();
  const delivery = useDelivery(deliveryId);
  const events = useDeliveryEvents(deliveryId);
  const tracking = useDeliveryTracking(deliveryId, delivery.data !== undefined && statusTone(delivery.data.status) === 'active');
  const proof = useDeliveryProof(deliveryId, delivery.data?.status === 'delivered');
  const advance = useAdvanceDelivery(deliveryId);
  const { mode } = useMode();
  const { member } = useSignedIn();
  const driver = tracking.data?.driver ?? null;

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
              <dt>Category</dt>
              <dd>{d.category}</dd>
              <dt>Pickup</dt>
              <dd>
                {d.pickup.address} ({contact(d.pickup.name, d.pickup.phone)})
              </dd>
              <dt>Dropoff</dt>
              <dd>{d.dropoff.address}</dd>
              <dt>Recipient</dt>
              <dd>{contact(d.customer?.name, d.dropoff.phone)}</dd>
              <dt>Driver</dt>
              <dd>{d.driver ? `${contact(d.driver.name, d.driver.phone)} (${d.driver.vehicle})` : driver ? contact(driver.name, driver.phone) : 'Not assigned'}</dd>
              <dt>Arrives in</dt>
              <dd>{tracking.data && tracking.data.eta_minutes > 0 ? `about ${tracking.data.eta_minutes} min` : '—'}</dd>
              <dt>Refund</dt>
              <dd>{d.refund ? `${formatMoney(d.refund.amount, d.refund.currency)} — ${d.refund.status} (${d.refund.reason.replaceAll('_', ' ')})` : 'None'}</dd>
              <dt>Tracking page</dt>
              <dd>
                <a href={d.tracking_url}>{d.tracking_url}</a>
              </dd>
              <dt>Created</dt>
              <dd>{formatDateTime(d.created_at)}</dd>
            </dl>
            <DeliveryMap pickup={d.pickup} dropoff={d.dropoff} driver={driverToShow(statusTone(d.status) === 'active', driver?.location)} />
            <DeliveryPayment deliveryId={d.id} deliveryStatus={d.status} />
            <section aria-labelledby="proof">
              <h2 id="proof">Proof of delivery</h2>
              {proof.data ? (
                <>
                  <p>
                    Delivered {formatDateTime(proof.data.delivered_at)} to {proof.data.recipient_name ?? 'the recipient'}.
                  </p>
                  <ul>
                    <li>PIN: {proof.data.pin_verified ? 'verified' : 'not used'}</li>
                    <li>ID check: {proof.data.id_checked ? 'done' : 'not done'}</li>
                    <li>
                      Photos: {proof.data.photos.length === 0 ? 'none' : null}
                      <ul>
                        {proof.data.photos.map((photo, index) => (
                          <li key={photo.sha256}>
                            <a href={photo.url} target="_blank" rel="noreferrer">
                              Photo {index + 1}
                            </a>{' '}
                            ({photo.content_type}, {Math.ceil(photo.size / 1024)} KB, link valid until {formatDateTime(photo.url_expires_at)})
                          </li>
                        ))}
                      </ul>
                    </li>
                  </ul>
                </>
              ) : (
                <p className="empty">{d.status === 'delivered' && proof.isPending ? 'Loading…' : 'Available once the delivery is delivered.'}</p>
              )}
              {proof.error ? <ErrorMessage error={proof.error} /> : null}
            </section>
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
        <p>Every event of the delivery in order, with its sending to each webhook endpoint: open one to see the request, every attempt and the endpoint's answers.</p>
        <QueryState query={events} isEmpty={(list) => list.data.length === 0} empty="No events yet.">
          {(list) => (
            <ol className="timeline">
              {[...list.data]
                .sort((a, b) => a.sequence - b.sequence)
                .map((event) => (
                  <li key={event.id} data-event-type={event.type}>
                    <details>
                      <summary>
                        <time dateTime={event.created_at}>{formatDateTime(event.created_at)}</time> {eventLabel(event.type)} <code>{event.type}</code>
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
