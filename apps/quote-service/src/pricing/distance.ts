/** A point on the Earth in decimal degrees (WGS 84), as the geocoder returns it. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Every distance constant, in one place so that docs/pricing.md and the code agree. */
export const DISTANCE = {
  /** IUGG mean Earth radius: the best single sphere for haversine at any latitude. */
  earthRadiusKm: 6371.0088,
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

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Haversine distance in km, unrounded. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for nearly antipodal points, where asin is undefined.
  return 2 * DISTANCE.earthRadiusKm * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Estimated road distance in km, rounded to 0.1 km: the value a quote shows as
 * `distance_km`, and the one its fee and ETA are computed from.
 */
export function roadDistanceKm(a: LatLng, b: LatLng): number {
  const rounded = Math.round(greatCircleKm(a, b) * DISTANCE.roadFactor * 10) / 10;
  return Math.max(DISTANCE.minimumRoadKm, rounded);
}
