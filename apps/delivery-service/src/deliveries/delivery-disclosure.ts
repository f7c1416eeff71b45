import type { AssignedDriver, DeliveryStatus } from '@sdd/contracts';
import { isTerminal } from '../lifecycle/delivery-status';

export interface GeoPoint {
  lat: number;
  lng: number;
}

/**
 * The assigned driver as a delivery shows it (retrieve, events, tracking).
 * Under way: where the driver last reported, and a phone to call. From the
 * end on (delivered, failed, returned) the driver's whereabouts are no longer
 * the delivery's business: only where the delivery ended, and no phone, so
 * nobody can follow the driver home or to the next customer.
 */
export function shownDriver(status: DeliveryStatus, driver: AssignedDriver, endPoint: GeoPoint | null): AssignedDriver {
  if (!isTerminal(status)) return driver;
  return { name: driver.name, phone: null, vehicle: driver.vehicle, lat: endPoint?.lat ?? null, lng: endPoint?.lng ?? null };
}

/** A reported position, when there is one. */
export function pointOf(at: { lat: number | null; lng: number | null }): GeoPoint | null {
  return at.lat !== null && at.lng !== null ? { lat: at.lat, lng: at.lng } : null;
}

/** Where a delivery ended: the driver's last reported position when its last step is a terminal one. */
export function endOf(steps: readonly DeliveryStatus[], now: Date, driverAt: GeoPoint | null): { endedAt: Date; endLat: number | null; endLng: number | null } | null {
  const last = steps[steps.length - 1];
  if (last === undefined || !isTerminal(last)) return null;
  return { endedAt: now, endLat: driverAt?.lat ?? null, endLng: driverAt?.lng ?? null };
}

/**
 * The public tracking link shows names, the driver and the stops' points
 * while the delivery runs and for `windowMs` after it ended; after that, only
 * the statuses. A delivery ended before its end was recorded counts from its
 * last update.
 */
export function publicDetailsShown(status: DeliveryStatus, endedAt: Date | null, updatedAt: Date, now: Date, windowMs: number): boolean {
  if (!isTerminal(status)) return true;
  return now.getTime() - (endedAt ?? updatedAt).getTime() < windowMs;
}
