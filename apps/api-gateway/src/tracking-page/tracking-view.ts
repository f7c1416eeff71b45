import type { PublicTracking } from '@sdd/contracts';

/*
 * What the tracking page shows for one status answer: pure functions the page's
 * script is built from (tracking-page.script.ts embeds their compiled source), so
 * each one must stand alone: no imports at run time, no module-level constants,
 * only its arguments and the other functions of TRACKING_VIEW_HELPERS.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

export interface TrackingView {
  /** The delivery is over: the page shows its statuses only. */
  ended: boolean;
  greeting: string;
  eta: string;
  pin: string | null;
  stops: { pickup: LatLng; dropoff: LatLng } | null;
  driver: LatLng | null;
  /** The line drawn: straight segments from the driver (when known) through the stops still ahead. */
  route: LatLng[];
}

/** The statuses after which nothing more happens (delivery-service's TERMINAL). */
export function hasEnded(status: string): boolean {
  return ['delivered', 'cancelled', 'failed', 'returned'].includes(status);
}

/** The stops still ahead of the driver: the pickup until the parcel is picked up, then the dropoff alone. */
export function routeAhead(status: string, stops: { pickup: LatLng; dropoff: LatLng }, driver: LatLng | null): LatLng[] {
  const pickedUp = status === 'picked_up' || status === 'in_transit';
  const ahead = pickedUp && driver ? [stops.dropoff] : [stops.pickup, stops.dropoff];
  return driver ? [driver, ...ahead] : ahead;
}

/**
 * Once the delivery has ended the page keeps nothing personal (no name, PIN,
 * places or driver), even while the status still carries them for
 * TRACKING_PERSONAL_DATA_MS: the live map has served its purpose then.
 */
export function trackingView(tracking: PublicTracking): TrackingView {
  if (hasEnded(tracking.status)) return { ended: true, greeting: 'Your delivery', eta: '', pin: null, stops: null, driver: null, route: [] };
  const stops = tracking.pickup && tracking.dropoff ? { pickup: tracking.pickup, dropoff: tracking.dropoff } : null;
  const driver = stops && tracking.driver ? tracking.driver.location : null;
  return {
    ended: false,
    greeting: tracking.recipient_first_name ? `Hi ${tracking.recipient_first_name}, here is your delivery` : 'Your delivery',
    eta: tracking.eta_minutes > 0 ? `Arriving in about ${tracking.eta_minutes} min` : '',
    pin: tracking.delivery_pin,
    stops,
    driver,
    route: stops ? routeAhead(tracking.status, stops, driver) : [],
  };
}

/** The schematic's drawing (a 320×200 box, 30 px margins): where a point falls between the extremes of `points`. */
export function schematicPoint(point: LatLng, points: LatLng[]): { x: number; y: number } {
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const minLat = Math.min(...lats);
  const minLng = Math.min(...lngs);
  const spanLat = Math.max(...lats) - minLat || 1;
  const spanLng = Math.max(...lngs) - minLng || 1;
  return { x: 30 + ((point.lng - minLng) / spanLng) * 260, y: 170 - ((point.lat - minLat) / spanLat) * 140 };
}

/** The helpers the page's script is built from, in one place (tracking-page.script.ts). */
export const TRACKING_VIEW_HELPERS = [hasEnded, routeAhead, trackingView, schematicPoint];
