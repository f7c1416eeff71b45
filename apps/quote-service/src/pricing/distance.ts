import { EARTH_RADIUS_KM, greatCircleKm, LatLng } from '@sdd/common';

export { greatCircleKm };
export type { LatLng };

/** Every distance constant, in one place so that docs/pricing.md and the code agree. */
export const DISTANCE = {
  /** IUGG mean Earth radius (libs/common geo.ts): the best single sphere for haversine at any latitude. */
  earthRadiusKm: EARTH_RADIUS_KM,
  /**
   * Road distance over straight-line distance. On a perfect street grid the
   * expected ratio over all directions is 4/π ≈ 1.27; the cores of Toronto,
   * Montréal and Vancouver are grids, and one-way streets, rivers, rail
   * corridors and highways with few crossings push real trips a little above it.
   */
  roadFactor: 1.3,
  /**
   * Geocoding by postal-code area puts two addresses of one area on the same
   * point; the driver still travels door to door, so a route is never shorter
   * than this.
   */
  minimumRoadKm: 0.5,
} as const;

/**
 * Estimated road distance in km, rounded to 0.1 km: the value a quote shows as
 * `distance_km`, and the one its fee and ETA are computed from.
 */
export function roadDistanceKm(a: LatLng, b: LatLng): number {
  const rounded = Math.round(greatCircleKm(a, b) * DISTANCE.roadFactor * 10) / 10;
  return Math.max(DISTANCE.minimumRoadKm, rounded);
}
