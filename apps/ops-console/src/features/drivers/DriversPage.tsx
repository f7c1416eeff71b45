import { useQuery } from '@tanstack/react-query';
import { CreateDriverForm } from './CreateDriverForm';
import { DriverCard } from './DriverCard';
import { listDrivers } from './drivers-api';

/** The fleet: every driver not revoked, newest first, and a form for a new one. */
export function DriversPage() {
  const drivers = useQuery({ queryKey: ['drivers'], queryFn: listDrivers, refetchInterval: 10_000 });
  return (
    <>
      <h1>Drivers</h1>
      <CreateDriverForm />
      {drivers.isPending && <p role="status">Loading…</p>}
      {drivers.error && (
        <p className="error" role="alert">
          {drivers.error.message}
        </p>
      )}
      {drivers.data && drivers.data.length === 0 && <p>No drivers yet.</p>}
      <div className="cards">
        {drivers.data?.map((driver) => (
          <DriverCard key={driver.id} driver={driver} />
        ))}
      </div>
    </>
  );
}
