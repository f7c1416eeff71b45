import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatAge, formatTime } from '../../lib/format';
import { useNow } from '@sdd/web/react';
import { cancelDelivery, type OpsDelivery, reofferDelivery, STUCK_LABELS } from './deliveries-api';

/** One delivery needing an operator: why, since when, and the two ways out. */
export function StuckDeliveryCard({ delivery }: { delivery: OpsDelivery }) {
  const queryClient = useQueryClient();
  const now = useNow(5_000);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['deliveries'] });
  const reoffer = useMutation({ mutationFn: () => reofferDelivery(delivery.id), onSuccess: refresh });
  const cancel = useMutation({ mutationFn: () => cancelDelivery(delivery.id), onSuccess: refresh });
  const error = reoffer.error ?? cancel.error;
  const headingId = `delivery-${delivery.id}`;
  const reofferable = ['pending', 'driver_assigned', 'driver_at_pickup'].includes(delivery.status);

  return (
    <article className="card" aria-labelledby={headingId}>
      <header className="card-top">
        <h3 id={headingId}>{delivery.id}</h3>
        <span className="badge">{delivery.status.replace(/_/g, ' ')}</span>
        {delivery.stuck && <span className="badge stuck">{STUCK_LABELS[delivery.stuck.reason]}</span>}
      </header>
      <dl>
        {delivery.stuck && (
          <>
            <dt>Stuck for</dt>
            <dd>{formatAge(delivery.stuck.since, now)}</dd>
          </>
        )}
        <dt>Pickup</dt>
        <dd>{delivery.pickup.address}</dd>
        <dt>Dropoff</dt>
        <dd>{delivery.dropoff.address}</dd>
        <dt>Driver</dt>
        <dd>{delivery.driver ? `${delivery.driver.name} (last seen ${delivery.driver.located_at ? formatAge(delivery.driver.located_at, now) + ' ago' : 'never'})` : 'none'}</dd>
        <dt>Due</dt>
        <dd>{formatTime(delivery.due_at)}</dd>
        <dt>Merchant</dt>
        <dd>{delivery.merchant_id}</dd>
      </dl>
      <div className="row">
        {reofferable && (
          <button type="button" className="primary" onClick={() => reoffer.mutate()} disabled={reoffer.isPending}>
            Re-offer
          </button>
        )}
        <button type="button" className="danger" onClick={() => setConfirmingCancel(true)}>
          Cancel with refund
        </button>
      </div>
      {confirmingCancel && (
        <div className="confirm" role="alertdialog" aria-label={`Cancel ${delivery.id}`}>
          <p>Cancel this delivery for its merchant? The customer is refunded and the merchant's webhooks hear of it.</p>
          <div className="row">
            <button type="button" className="danger" onClick={() => cancel.mutate()} disabled={cancel.isPending}>
              Confirm cancel
            </button>
            <button type="button" onClick={() => setConfirmingCancel(false)}>
              Keep delivery
            </button>
          </div>
        </div>
      )}
      {reoffer.data && (
        <p role="status" className="notice">
          Offered again: back in matching.
        </p>
      )}
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
    </article>
  );
}
