import { useQuery } from '@tanstack/react-query';
import { listDeliveries } from './deliveries-api';
import { StuckDeliveryCard } from './StuckDeliveryCard';

/** Live deliveries that are stuck or late, every merchant's, refreshed every few seconds. */
export function StuckDeliveriesPage() {
  const stuck = useQuery({ queryKey: ['deliveries', 'stuck'], queryFn: () => listDeliveries('stuck'), refetchInterval: 5_000 });
  return (
    <>
      <h1>Stuck and late deliveries</h1>
      {stuck.isPending && <p role="status">Loading…</p>}
      {stuck.error && (
        <p className="error" role="alert">
          {stuck.error.message}
        </p>
      )}
      {stuck.data && stuck.data.length === 0 && <p>Nothing is stuck.</p>}
      <div className="cards">
        {stuck.data?.map((delivery) => (
          <StuckDeliveryCard key={delivery.id} delivery={delivery} />
        ))}
      </div>
    </>
  );
}
