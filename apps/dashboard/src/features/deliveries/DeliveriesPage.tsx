import { Link, useSearchParams } from 'react-router-dom';
import { QueryState } from '../../components/QueryState';
import { formatDateTime, formatMoney } from '../../lib/format';
import { canChange } from '../auth/permissions';
import { useSignedIn } from '../auth/SessionContext';
import { useMode } from '../mode/mode';
import { CreateTestDeliveryForm } from './CreateTestDeliveryForm';
import { useDeliveries } from './deliveries-api';
import { filtersFromParams, filtersToParams, type DeliveryFilters } from './delivery-filters';
import { DELIVERY_STATUSES, statusLabel } from './delivery-status';
import { StatusBadge } from './StatusBadge';

export function DeliveriesPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const deliveries = useDeliveries(filters);
  const { mode } = useMode();
  const { member } = useSignedIn();
  const update = (change: Partial<DeliveryFilters>) => setParams(filtersToParams({ ...filters, ...change }), { replace: true });

  return (
    <>
      <h1>Deliveries</h1>
      <form className="filters" role="search" aria-label="Filter deliveries" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select value={filters.status ?? ''} onChange={(e) => update({ status: (e.target.value || undefined) as DeliveryFilters['status'] })}>
            <option value="">Any</option>
            {DELIVERY_STATUSES.map((status) => (
              <option key={status} value={status}>
                {statusLabel(status)}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={filters.from ?? ''} onChange={(e) => update({ from: e.target.value || undefined })} />
        </label>
        <label>
          To
          <input type="date" value={filters.to ?? ''} onChange={(e) => update({ to: e.target.value || undefined })} />
        </label>
        <label>
          External reference
          <input type="search" value={filters.reference ?? ''} onChange={(e) => update({ reference: e.target.value || undefined })} />
        </label>
      </form>
      <QueryState query={deliveries} isEmpty={(list) => list.data.length === 0} empty={`No ${mode} deliveries match.`}>
        {(list) => (
          <div className="table-wrap">
            <table>
              <caption className="visually-hidden">Deliveries, newest first, refreshed every few seconds</caption>
              <thead>
                <tr>
                  <th scope="col">Delivery</th>
                  <th scope="col">Status</th>
                  <th scope="col">Reference</th>
                  <th scope="col">Price</th>
                  <th scope="col">Created</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((d) => (
                  <tr key={d.id} data-delivery-id={d.id}>
                    <td>
                      <Link to={`/deliveries/${d.id}`}>{d.id}</Link>
                    </td>
                    <td>
                      <StatusBadge status={d.status} />
                    </td>
                    <td>{d.external_reference ?? '—'}</td>
                    <td>{formatMoney(d.price, d.currency)}</td>
                    <td>{formatDateTime(d.created_at)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </QueryState>
      {mode === 'test' && canChange(member.role) ? <CreateTestDeliveryForm /> : null}
    </>
  );
}
