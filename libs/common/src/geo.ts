/** A point on the Earth in decimal degrees (WGS 84). */
export interface LatLng {
  lat: number;
  lng: number;
}

/** IUGG mean Earth radius: the best single sphere for haversine at any latitude. */
export const EARTH_RADIUS_KM = 6371.0088;

const toRadians = (degrees: number): number => (degrees * Math.PI) / 180;

/** Haversine distance in km, unrounded. */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  // Rounding can push h a hair above 1 for nearly antipodal points, where asin is undefined.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
