import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatTime } from '../../lib/format';
import { certifyDriver, listDrivers } from '../drivers/drivers-api';
import { KIND_LABELS } from '../drivers/driver-options';
import { pendingCertifications, type PendingCertification } from './certification-queue';

/** Pending certifications, approved or rejected in place (rejected: `revoked`, so the driver gets no restricted offers). */
export function CertificationQueuePage() {
  const queryClient = useQueryClient();
  const drivers = useQuery({ queryKey: ['drivers'], queryFn: listDrivers, refetchInterval: 10_000 });
  const decide = useMutation({
    mutationFn: ({ pending, status }: { pending: PendingCertification; status: 'approved' | 'revoked' }) =>
      certifyDriver(pending.driverId, { kind: pending.kind, province: pending.province, status, ...(pending.expiresAt ? { expires_at: pending.expiresAt } : {}) }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['drivers'] }),
  });
  const queue = drivers.data ? pendingCertifications(drivers.data) : [];

  return (
    <>
      <h1>Certification queue</h1>
      {drivers.isPending && <p role="status">Loading…</p>}
      {(drivers.error ?? decide.error) && (
        <p className="error" role="alert">
          {(drivers.error ?? decide.error)?.message}
        </p>
      )}
      {drivers.data && queue.length === 0 && <p>No certification is waiting.</p>}
      <ul className="cards plain">
        {queue.map((pending) => (
          <li key={`${pending.driverId}-${pending.kind}-${pending.province}`} className="card">
            <h3>{pending.driverName}</h3>
            <p>
              {KIND_LABELS[pending.kind]} in {pending.province}
              {pending.expiresAt ? `, until ${formatTime(pending.expiresAt)}` : ', no expiry'}
            </p>
            <div className="row">
              <button type="button" className="primary" onClick={() => decide.mutate({ pending, status: 'approved' })} disabled={decide.isPending}>
                Approve
              </button>
              <button type="button" className="danger" onClick={() => decide.mutate({ pending, status: 'revoked' })} disabled={decide.isPending}>
                Reject
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
