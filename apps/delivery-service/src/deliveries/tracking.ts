import { greatCircleKm } from '@sdd/common';
import type { LocatedAddress, TrackingSnapshot } from '@sdd/contracts';
import type { DeliveryStatus } from '@sdd/contracts';
import { DriverEntity } from '../drivers/driver.entity';
import { isTerminal } from '../lifecycle/delivery-status';
import { etaMinutesAt, progressAlongRoute } from '../lifecycle/test-timeline';
import { pointOf } from './delivery-disclosure';
import { DeliveryEntity } from './delivery.entity';
import { assignedDriverShown } from './delivery.record';

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

/** Average door-to-door speed in a city, and road distance over straight-line distance (docs/pricing.md uses the same factor). */
const CITY_SPEED_KMH = 25;
const ROAD_FACTOR = 1.3;

/**
 * Minutes left for a live delivery, from where its driver last reported: to
 * the pickup and on to the dropoff before pickup, to the dropoff after.
 * Without a driver position yet, the quote's estimate stands.
 */
export function liveEtaMinutes(
  status: DeliveryStatus,
  driver: { lat: number; lng: number } | null,
  pickup: { lat: number; lng: number },
  dropoff: { lat: number; lng: number },
  quotedMinutes: number,
): number {
  if (isTerminal(status)) return 0;
  if (!driver || !hasDriver(status)) return quotedMinutes;
  const beforePickup = status === 'driver_assigned' || status === 'driver_at_pickup';
  const km = beforePickup ? greatCircleKm(driver, pickup) + greatCircleKm(pickup, dropoff) : greatCircleKm(driver, dropoff);
  return Math.max(1, Math.ceil(((km * ROAD_FACTOR) / CITY_SPEED_KMH) * 60));
}

/**
 * Where the delivery is at `now`. Test deliveries have the simulated driver,
 * moving from pickup to dropoff while picked up and in transit (at the
 * timeline's `speed`); live deliveries show their assigned driver where it
 * last reported, and the ETA from there.
 */
export function trackingSnapshot(delivery: DeliveryEntity, driver: DriverEntity | null, { now, speed }: { now: Date; speed: number }): TrackingSnapshot {
  if (delivery.mode === 'live') return liveSnapshot(delivery, driver);
  const startAt = delivery.scheduledAt ?? delivery.createdAt;
  const simulated = delivery.mode === 'test';
  const progress = delivery.status === 'delivered' ? 1 : ['picked_up', 'in_transit'].includes(delivery.status) ? progressAlongRoute(startAt, now, speed) : 0;
  const finished = isTerminal(delivery.status);
  return {
    delivery_id: delivery.id,
    status: delivery.status,
    driver:
      simulated && hasDriver(delivery.status)
        ? { name: SIMULATED_DRIVER.name, phone: finished ? null : SIMULATED_DRIVER.phone, location: pointAlong(delivery.pickup, delivery.dropoff, progress) }
        : null,
    eta_minutes: finished ? 0 : simulated ? etaMinutesAt(startAt, now, speed, delivery.etaMinutes) : delivery.etaMinutes,
    updated_at: delivery.updatedAt.toISOString(),
  };
}

/**
 * A live delivery: its driver where the driver last reported, the ETA from
 * there; once ended, the driver as the delivery shows it (shownDriver):
 * where it ended, no phone.
 */
function liveSnapshot(delivery: DeliveryEntity, driver: DriverEntity | null): TrackingSnapshot {
  const shown = assignedDriverShown(delivery, driver);
  const location = shown && pointOf(shown);
  return {
    delivery_id: delivery.id,
    status: delivery.status,
    driver: shown && location ? { name: shown.name, phone: shown.phone, location } : null,
    eta_minutes: liveEtaMinutes(delivery.status, driver && pointOf(driver), delivery.pickup, delivery.dropoff, delivery.etaMinutes),
    updated_at: delivery.updatedAt.toISOString(),
  };
}
