import type { Schemas } from '../../api/client';

export type Offer = Schemas['Offer'];
export type StatusReport = Schemas['DriverReportRequest'];
export type FailureReason = NonNullable<StatusReport['reason']>;

/** Where a delivery the driver holds stands, as far as the app knows (its own reports included, sent or queued). */
export type ActiveStatus = 'driver_assigned' | 'driver_at_pickup' | 'picked_up' | 'in_transit';
export type EndStatus = 'delivered' | 'failed' | 'returned';

/** The next step's report and its button, before the hand-over (in_transit ends with the hand-over form). */
const NEXT: Readonly<Record<Exclude<ActiveStatus, 'in_transit'>, { status: 'driver_at_pickup' | 'picked_up' | 'in_transit'; label: string }>> = {
  driver_assigned: { status: 'driver_at_pickup', label: 'Arrived at pickup' },
  driver_at_pickup: { status: 'picked_up', label: 'Picked up' },
  picked_up: { status: 'in_transit', label: 'On my way to the dropoff' },
};

export function nextStep(status: ActiveStatus): { status: 'driver_at_pickup' | 'picked_up' | 'in_transit'; label: string } | undefined {
  return status === 'in_transit' ? undefined : NEXT[status];
}

export function isActive(status: string): status is ActiveStatus {
  return status === 'driver_assigned' || status === 'driver_at_pickup' || status === 'picked_up' || status === 'in_transit';
}

/** The pickup until the package is in hand, then the dropoff. */
export function destinationOf(status: ActiveStatus, offer: Offer): { label: string; address: string; lat: number; lng: number } {
  return status === 'driver_assigned' || status === 'driver_at_pickup'
    ? { label: 'Pickup', address: offer.pickup.address, lat: offer.pickup.lat, lng: offer.pickup.lng }
    : { label: 'Dropoff', address: offer.dropoff.address, lat: offer.dropoff.lat, lng: offer.dropoff.lng };
}

/** A `geo:` URI: the phone hands it to its maps app (Android); `webMapsUrl` is the fallback where `geo:` opens nothing. */
export function geoUri(lat: number, lng: number, label: string): string {
  return `geo:${lat},${lng}?q=${lat},${lng}(${encodeURIComponent(label)})`;
}

export function webMapsUrl(lat: number, lng: number): string {
  return `https://www.openstreetmap.org/directions?to=${lat}%2C${lng}`;
}

/** Alcohol and cannabis are handed over only after the recipient's ID is checked (their birth date is sent with `delivered`). */
export function needsIdCheck(category: string): boolean {
  return category === 'alcohol' || category === 'cannabis';
}

/** Whether a package can be returned to the pickup (or reported failed) now: only once it is in hand. */
export function canReturn(status: ActiveStatus): boolean {
  return status === 'picked_up' || status === 'in_transit';
}

/** What to carry, in words: the category and the package's size. */
export function cargoOf(offer: Pick<Offer, 'category' | 'package_size'>): string {
  return `${offer.category.replace(/_/g, ' ')}, ${offer.package_size} package`;
}
