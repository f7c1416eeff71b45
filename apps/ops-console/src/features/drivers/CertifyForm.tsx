import { type FormEvent, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { certifyDriver, type Certification } from './drivers-api';
import { CERTIFICATION_KINDS, CERTIFICATION_STATUSES, KIND_LABELS, PROVINCES } from './driver-options';

/** Sets one certification of a driver (one per kind and province: setting it again replaces it). */
export function CertifyForm({ driverId, onDone }: { driverId: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Certification>({ kind: 'liquor_service', province: 'ON', status: 'approved' });
  const [expiry, setExpiry] = useState('');
  const certify = useMutation({
    mutationFn: (body: Certification) => certifyDriver(driverId, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['drivers'] });
      onDone();
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    certify.mutate({ ...draft, ...(expiry ? { expires_at: new Date(`${expiry}T23:59:59`).toISOString() } : {}) });
  }

  return (
    <form className="inline-form" onSubmit={submit} aria-label="Certify">
      <label>
        Kind
        <select value={draft.kind} onChange={(event) => setDraft({ ...draft, kind: event.target.value as Certification['kind'] })}>
          {CERTIFICATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {KIND_LABELS[kind]}
            </option>
          ))}
        </select>
      </label>
      <label>
        Province
        <select value={draft.province} onChange={(event) => setDraft({ ...draft, province: event.target.value as Certification['province'] })}>
          {PROVINCES.map((province) => (
            <option key={province}>{province}</option>
          ))}
        </select>
      </label>
      <label>
        Status
        <select value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value as Certification['status'] })}>
          {CERTIFICATION_STATUSES.map((status) => (
            <option key={status}>{status}</option>
          ))}
        </select>
      </label>
      <label>
        Expires on
        <input type="date" value={expiry} onChange={(event) => setExpiry(event.target.value)} />
      </label>
      <button type="submit" className="primary" disabled={certify.isPending}>
        Save certification
      </button>
      {certify.error && (
        <p className="error" role="alert">
          {certify.error.message}
        </p>
      )}
    </form>
  );
}
