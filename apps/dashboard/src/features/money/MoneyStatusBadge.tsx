import { moneyStatusLabel, moneyStatusTone } from './money-status';

export function MoneyStatusBadge({ status }: { status: string }) {
  return (
    <span className={`badge badge-${moneyStatusTone(status)}`} data-status={status}>
      {moneyStatusLabel(status)}
    </span>
  );
}
