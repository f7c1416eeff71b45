import { type FormEvent, useState } from 'react';
import { api } from '../../api/client';
import { canReturn, destinationOf, type FailureReason, geoUri, needsIdCheck, nextStep, type Offer, type ActiveStatus, type StatusReport, webMapsUrl } from './delivery-steps';

export interface ActiveDelivery {
  offer: Offer;
  status: ActiveStatus;
}

/**
 * The accepted delivery, one step at a time. Each step is handed to `report`
 * (the outbox: sent now, or queued while offline), so the driver never waits
 * for the network between steps.
 */
export function DeliveryScreen({ delivery, report }: { delivery: ActiveDelivery; report: (report: StatusReport) => void }) {
  const { offer, status } = delivery;
  const destination = destinationOf(status, offer);
  const next = nextStep(status);
  return (
    <section className="card" aria-labelledby="delivery-title">
      <h2 id="delivery-title">
        {destination.label}: {destination.address}
      </h2>
      <p className="status" role="status">
        Step: {status.replace(/_/g, ' ')}
      </p>
      <div className="actions">
        <a className="button" href={geoUri(destination.lat, destination.lng, destination.label)}>
          Navigate to the {destination.label.toLowerCase()}
        </a>
        <a className="button" href={webMapsUrl(destination.lat, destination.lng)} target="_blank" rel="noreferrer">
          Open in web maps
        </a>
        {next && (
          <button type="button" className="primary" onClick={() => report({ status: next.status })}>
            {next.label}
          </button>
        )}
      </div>
      {status === 'in_transit' && <HandOver offer={offer} report={report} />}
      {canReturn(status) && <CannotDeliver report={report} />}
    </section>
  );
}

function HandOver({ offer, report }: { offer: Offer; report: (report: StatusReport) => void }) {
  const idCheck = needsIdCheck(offer.category);
  const [name, setName] = useState(offer.recipient.first_name);
  const [pin, setPin] = useState('');
  const [birthDate, setBirthDate] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    report({ status: 'delivered', recipient_name: name, ...(pin ? { pin } : {}), ...(idCheck ? { recipient_birth_date: birthDate } : {}) });
  }

  return (
    <form className="actions" onSubmit={submit} aria-labelledby="handover-title">
      <h2 id="handover-title">Hand-over to {offer.recipient.first_name}</h2>
      {offer.dropoff.notes && <p>Notes: {offer.dropoff.notes}</p>}
      <ProofPhoto deliveryId={offer.delivery_id} />
      <label>
        Recipient's name
        <input value={name} onChange={(event) => setName(event.target.value)} required maxLength={200} autoComplete="off" />
      </label>
      <label>
        Recipient's PIN
        <input value={pin} onChange={(event) => setPin(event.target.value)} inputMode="numeric" pattern="[0-9]{4}" maxLength={4} autoComplete="off" />
      </label>
      {idCheck && (
        <label>
          Birth date on the recipient's ID
          <input type="date" value={birthDate} onChange={(event) => setBirthDate(event.target.value)} required />
        </label>
      )}
      <button type="submit" className="primary">
        Hand over
      </button>
      {idCheck && (
        <button type="button" className="danger" onClick={() => report({ status: 'failed', reason: 'id_check_failed' })}>
          Recipient refused the ID check
        </button>
      )}
    </form>
  );
}

/** A proof photo from the camera, uploaded at once (a photo is too large to queue on the phone). */
function ProofPhoto({ deliveryId }: { deliveryId: string }) {
  const [state, setState] = useState<'none' | 'uploading' | 'attached' | 'failed'>('none');
  const [message, setMessage] = useState<string | null>(null);

  async function upload(file: File | undefined) {
    if (!file) return;
    setState('uploading');
    try {
      const { response, error } = await api.POST('/v1/driver/deliveries/{deliveryId}/photos', {
        params: { path: { deliveryId } },
        body: file as unknown as string,
        bodySerializer: (body) => body,
        headers: { 'Content-Type': file.type },
      });
      if (!response.ok) throw new Error((error as { error?: { message?: string } } | undefined)?.error?.message ?? `HTTP ${response.status}`);
      setState('attached');
      setMessage(null);
    } catch (failure) {
      setState('failed');
      setMessage(failure instanceof Error && !(failure instanceof TypeError) ? failure.message : 'No connection: take the photo again once online.');
    }
  }

  return (
    <div className="actions">
      <label>
        Proof photo
        <input type="file" accept="image/*" capture="environment" onChange={(event) => void upload(event.target.files?.[0])} />
      </label>
      <p role="status" className="status">
        {state === 'attached' ? 'Photo attached' : state === 'uploading' ? 'Uploading the photo…' : ''}
      </p>
      {message && (
        <p className="error" role="alert">
          {message}
        </p>
      )}
    </div>
  );
}

const REASONS: ReadonlyArray<{ reason: FailureReason; label: string }> = [
  { reason: 'recipient_unavailable', label: 'Recipient not there' },
  { reason: 'address_unreachable', label: 'Address unreachable' },
  { reason: 'package_damaged', label: 'Package damaged' },
  { reason: 'other', label: 'Other' },
];

/** When the package cannot be handed over: return it to the pickup (if the merchant asked for that), or report the delivery failed. */
function CannotDeliver({ report }: { report: (report: StatusReport) => void }) {
  const [reason, setReason] = useState<FailureReason>('recipient_unavailable');
  return (
    <details>
      <summary className="button">Cannot deliver</summary>
      <div className="actions">
        <label>
          Why
          <select value={reason} onChange={(event) => setReason(event.target.value as FailureReason)}>
            {REASONS.map((option) => (
              <option key={option.reason} value={option.reason}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" onClick={() => report({ status: 'returned', reason })}>
          Returned to the pickup
        </button>
        <button type="button" className="danger" onClick={() => report({ status: 'failed', reason })}>
          Report failed
        </button>
      </div>
    </details>
  );
}
