import { statusLabel, statusTone } from './delivery-status';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-${statusTone(status)}`} data-status={status}>
      {statusLabel(status)}
    </span>
  );
}
