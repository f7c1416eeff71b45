import { useState } from 'react';
import { formatCountdown, secondsLeft } from '../../lib/countdown';
import { useNow } from '@sdd/web/react';
import { cargoOf } from '../delivery/delivery-steps';
import { acceptOffer, declineOffer, type Offer } from './offers-api';

/** The offer with its countdown: where to pick up, where to drop off, what to carry; accept or decline with the thumb. */
export function OfferCard({ offer, onAccepted, onAnswered }: { offer: Offer; onAccepted: (offer: Offer) => void; onAnswered: () => void }) {
  const now = useNow();
  const left = secondsLeft(offer.expires_at, now);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function answer(accept: boolean) {
    setBusy(true);
    setError(null);
    try {
      if (accept) onAccepted(await acceptOffer(offer.id));
      else await declineOffer(offer.id);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The answer did not arrive.');
    } finally {
      setBusy(false);
      onAnswered();
    }
  }

  return (
    <section className="card" aria-labelledby="offer-title">
      <h2 id="offer-title">New delivery offer</h2>
      <p className="countdown" role="timer" aria-label={`${left} seconds left to answer`}>
        {formatCountdown(left)}
      </p>
      <dl>
        <dt>Pickup</dt>
        <dd>{offer.pickup.name ? `${offer.pickup.name}, ${offer.pickup.address}` : offer.pickup.address}</dd>
        <dt>Dropoff</dt>
        <dd>{offer.dropoff.address}</dd>
        <dt>Carry</dt>
        <dd>{cargoOf(offer)}</dd>
        <dt>To pickup</dt>
        <dd>{offer.distance_km.toFixed(1)} km</dd>
      </dl>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" disabled={busy || left === 0} onClick={() => void answer(true)}>
          Accept
        </button>
        <button type="button" disabled={busy || left === 0} onClick={() => void answer(false)}>
          Decline
        </button>
      </div>
    </section>
  );
}
