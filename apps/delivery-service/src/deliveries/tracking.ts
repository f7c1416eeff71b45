import type { LocatedAddress } from '@sdd/contracts';
import type { DeliveryStatus } from '@sdd/contracts';

/** The one simulated driver of every test delivery (fictional 555 number). */
export const SIMULATED_DRIVER = { name: 'Sam Simulated', phone: '+15555550100' } as const;

const WITH_DRIVER: readonly DeliveryStatus[] = ['driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit', 'delivered'];

export function hasDriver(status: DeliveryStatus): boolean {
  return WITH_DRIVER.includes(status);
}

/** A point `progress` (0–1) of the way from pickup to dropoff, on the straight line between them. */
export function pointAlong(pickup: LocatedAddress, dropoff: LocatedAddress, progress: number): { lat: number; lng: number } {
  const p = Math.min(1, Math.max(0, progress));
  const round = (value: number) => Math.round(value * 1e6) / 1e6;
  return { lat: round(pickup.lat + (dropoff.lat - pickup.lat) * p), lng: round(pickup.lng + (dropoff.lng - pickup.lng) * p) };
}
