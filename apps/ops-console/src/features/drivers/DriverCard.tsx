import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../../lib/format';
import { CertifyForm } from './CertifyForm';
import { changeStanding, type Driver, revokeDriver, type StandingChange } from './drivers-api';
import { KIND_LABELS } from './driver-options';

/** One driver: where it stands, its certifications and token expiry, and what an operator can do to it. */
export function DriverCard({ driver }: { driver: Driver }) {
  const queryClient = useQueryClient();
  const [certifying, setCertifying] = useState(false);
  const [confirmingRevoke, setConfirmingRevoke] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['drivers'] });
  const standing = useMutation({ mutationFn: (change: StandingChange) => changeStanding(driver.id, change), onSuccess: refresh });
  const revoke = useMutation({ mutationFn: () => revokeDriver(driver.id), onSuccess: refresh });
  const error = standing.error ?? revoke.error;
  const headingId = `driver-${driver.id}`;

  return (
    <article className="card" aria-labelledby={headingId}>
      <header className="card-top">
        <h3 id={headingId}>{driver.name}</h3>
        <span className={`badge ${driver.status}`}>{driver.status}</span>
        <span className={`badge ${driver.online ? 'online' : 'offline'}`}>{driver.online ? 'online' : 'offline'}</span>
      </header>
      <dl>
        <dt>Vehicle</dt>
        <dd>{driver.vehicle}</dd>
        <dt>Phone</dt>
        <dd>{driver.phone}</dd>
        <dt>Token expires</dt>
        <dd>{formatTime(driver.token_expires_at)}</dd>
        <dt>Certifications</dt>
        <dd>
          {driver.certifications.length === 0
            ? 'none'
            : driver.certifications.map((certification) => (
                <span key={`${certification.kind}-${certification.province}`} className="cert">
                  {KIND_LABELS[certification.kind]} {certification.province}: {certification.status}
                  {certification.expires_at ? `, until ${formatTime(certification.expires_at)}` : ''}
                </span>
              ))}
        </dd>
      </dl>
      <div className="row">
        <button type="button" onClick={() => setCertifying(!certifying)} aria-expanded={certifying}>
          Certify
        </button>
        {driver.status === 'active' ? (
          <button type="button" onClick={() => standing.mutate('deactivate')} disabled={standing.isPending}>
            Deactivate
          </button>
        ) : (
          <button type="button" onClick={() => standing.mutate('reactivate')} disabled={standing.isPending}>
            Reactivate
          </button>
        )}
        {driver.online && (
          <button type="button" onClick={() => standing.mutate('force_offline')} disabled={standing.isPending}>
            Take offline
          </button>
        )}
        <button type="button" className="danger" onClick={() => setConfirmingRevoke(true)}>
          Revoke
        </button>
      </div>
      {certifying && <CertifyForm driverId={driver.id} onDone={() => setCertifying(false)} />}
      {confirmingRevoke && (
        <div className="confirm" role="alertdialog" aria-label={`Revoke ${driver.name}`}>
          <p>Revoke {driver.name} for good? Its token stops working at once; deliveries it has not picked up go to the next driver.</p>
          <div className="row">
            <button type="button" className="danger" onClick={() => revoke.mutate()} disabled={revoke.isPending}>
              Confirm revoke
            </button>
            <button type="button" onClick={() => setConfirmingRevoke(false)}>
              Keep driver
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="error" role="alert">
          {error.message}
        </p>
      )}
    </article>
  );
}
