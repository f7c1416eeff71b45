import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useOnline } from '../../lib/use-connection';
import { isActive, type StatusReport } from '../delivery/delivery-steps';
import { EarningsScreen } from '../earnings/EarningsScreen';
import { type ActiveDelivery, DeliveryScreen } from '../delivery/DeliveryScreen';
import { OfferCard } from '../offers/OfferCard';
import { RerouteCard } from '../reroutes/RerouteCard';
import { type Offer, openOffer } from '../offers/offers-api';
import { outbox } from '../outbox/outbox-store';
import { signOut } from '../session/session-api';
import { setAvailability } from './availability-api';
import { holdShift, loadHeldShift } from './held-shift';
import { useLocationReports } from './use-location-reports';

/** How often the open offer is asked for while online and free. */
const OFFER_POLL_MS = 2000;

/** The driver's shift: online or offline, the offer, the delivery in hand, and what waits for a connection. */
export function ShiftScreen() {
  const queryClient = useQueryClient();
  const connected = useOnline();
  const [held] = useState(() => loadHeldShift(sessionStorage));
  const [online, setOnline] = useState(held.online);
  const [delivery, setDelivery] = useState<ActiveDelivery | null>(held.delivery);
  const [finished, setFinished] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** The earnings screen opened over the shift, which keeps running beneath (locations, the outbox, offers). */
  const [showEarnings, setShowEarnings] = useState(false);
  /** The delivery last ended here: a hand-over the API refuses (a wrong PIN) brings it back. */
  const ended = useRef<ActiveDelivery | null>(null);

  useEffect(
    () =>
      outbox.onReplayed((outcome) => {
        // A hand-over the ID check turned down: the API fails the delivery (id_check_failed) instead.
        const turnedDown = outcome.sent.find(({ entry, result }) => entry.kind === 'status' && entry.report.status === 'delivered' && result.deliveryStatus === 'failed');
        if (turnedDown) setFinished('Not handed over: the recipient is under the legal age. The delivery has failed (id_check_failed): do not hand the package over.');
        const refused = outcome.rejected.find(({ entry }) => entry.kind === 'status');
        if (!refused) return;
        setError(refused.result.message ?? `A step was refused (HTTP ${refused.result.status}).`);
        // A refused hand-over (a wrong PIN): back to the hand-over form.
        if (refused.entry.kind === 'status' && refused.entry.report.status === 'delivered' && ended.current?.offer.delivery_id === refused.entry.deliveryId) {
          setFinished(null);
          setDelivery(ended.current);
        }
      }),
    [],
  );
  useEffect(() => holdShift(sessionStorage, { online, delivery }), [online, delivery]);
  const pending = useSyncExternalStore(outbox.subscribe, outbox.pending);
  const locationProblem = useLocationReports(online, outbox);

  const offer = useQuery({ queryKey: ['offer'], queryFn: openOffer, enabled: online && delivery === null && connected, refetchInterval: OFFER_POLL_MS });

  async function toggle() {
    setError(null);
    try {
      await setAvailability(!online);
      setOnline(!online);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'No connection.');
    }
  }

  function report(step: StatusReport) {
    if (!delivery) return;
    setError(null);
    outbox.add({ kind: 'status', deliveryId: delivery.offer.delivery_id, report: step });
    if (isActive(step.status)) setDelivery({ ...delivery, status: step.status });
    else {
      ended.current = { ...delivery, status: 'in_transit' };
      setFinished(step.status === 'delivered' ? 'Delivered. Thank you!' : step.status === 'returned' ? 'Returned to the pickup.' : 'Reported as not delivered.');
      setDelivery(null);
    }
  }

  function accepted(taken: Offer) {
    setFinished(null);
    setDelivery({ offer: taken, status: 'driver_assigned' });
  }

  async function leave() {
    try {
      if (online) await setAvailability(false);
      await signOut();
    } finally {
      setOnline(false);
      setDelivery(null);
      holdShift(sessionStorage, { online: false, delivery: null });
      queryClient.setQueryData(['session'], null);
    }
  }

  if (showEarnings) {
    return (
      <main className="screen">
        <EarningsScreen onBack={() => setShowEarnings(false)} offerWaiting={delivery === null && Boolean(offer.data)} />
      </main>
    );
  }

  return (
    <main className="screen">
      <div className="top">
        <h1>Driver</h1>
        <button type="button" onClick={() => setShowEarnings(true)}>
          Earnings
        </button>
        <button type="button" onClick={() => void leave()}>
          Sign out
        </button>
      </div>
      {(!connected || pending > 0) && (
        <p className="offline-banner" role="status">
          {connected ? 'Sending' : 'No connection:'} {pending} {pending === 1 ? 'update' : 'updates'} {connected ? '…' : 'saved, sent when back online.'}
        </p>
      )}
      <button type="button" className={online ? '' : 'primary'} aria-pressed={online} onClick={() => void toggle()}>
        {online ? 'Online — tap to go offline' : 'Offline — tap to go online'}
      </button>
      {locationProblem && online && <p className="error">{locationProblem}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {finished && (
        <p className="status" role="status">
          {finished}
        </p>
      )}
      {delivery ? (
        <>
          {(delivery.status === 'driver_assigned' || delivery.status === 'driver_at_pickup') && (
            <RerouteCard
              deliveryId={delivery.offer.delivery_id}
              onAccepted={(dropoff) => setDelivery({ ...delivery, offer: { ...delivery.offer, dropoff: { ...delivery.offer.dropoff, ...dropoff } } })}
            />
          )}
          <DeliveryScreen delivery={delivery} report={report} />
        </>
      ) : offer.data ? (
        <OfferCard offer={offer.data} onAccepted={accepted} onAnswered={() => void queryClient.invalidateQueries({ queryKey: ['offer'] })} />
      ) : (
        online && <p>Waiting for an offer…</p>
      )}
    </main>
  );
}
