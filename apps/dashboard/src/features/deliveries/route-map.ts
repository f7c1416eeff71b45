import type { GeoPoint } from './route-schematic';

export type RouteMarkerKind = 'pickup' | 'dropoff' | 'driver';

export interface RouteMarker {
  kind: RouteMarkerKind;
  /** What a screen reader and a hover say of it. */
  title: string;
  at: GeoPoint;
}

/** The map's markers: the pickup and the dropoff, and the driver while there is a position to show, drawn last so it stays on top of a stop. */
export function routeMarkers(points: { pickup: GeoPoint; dropoff: GeoPoint; driver: GeoPoint | null }): RouteMarker[] {
  const stops: RouteMarker[] = [
    { kind: 'pickup', title: 'Pickup', at: points.pickup },
    { kind: 'dropoff', title: 'Dropoff', at: points.dropoff },
  ];
  return points.driver ? [...stops, { kind: 'driver', title: 'Driver', at: points.driver }] : stops;
}

/**
 * Whether the tiles failed: the map's tile layer finished its first view
 * without loading a single tile (the tile server is down, or the page's CSP
 * refuses its host, as the dashboard's own container does). One tile that
 * fails among loaded ones is a gap in the map, not a failure.
 */
export function tilesFailed(firstView: { loaded: number; failed: number }): boolean {
  return firstView.loaded === 0 && firstView.failed > 0;
}

/** The driver's position is shown only while the delivery is under way: an ended delivery's driver has moved on. */
export function driverToShow(underWay: boolean, location: GeoPoint | null | undefined): GeoPoint | null {
  return underWay && location ? location : null;
}

/** Text for Leaflet's attribution, which it writes as HTML: the configured credit shown as written, never as markup. */
export function attributionHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
