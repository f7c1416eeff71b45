export interface GeoPoint {
  lat: number;
  lng: number;
}

/** The drawing's size, in SVG units; the points keep a margin inside it. */
export const SCHEMATIC = { width: 320, height: 200, margin: 30 } as const;

/**
 * Places pickup, dropoff and the driver (when known) in the drawing, north up:
 * the box around them stretched to the drawing, the same way the public
 * tracking page draws its route. Without map tiles this is a schematic, not a map.
 */
export function placeOnSchematic(points: { pickup: GeoPoint; dropoff: GeoPoint; driver?: GeoPoint | null }): {
  pickup: { x: number; y: number };
  dropoff: { x: number; y: number };
  driver: { x: number; y: number } | null;
} {
  const all = [points.pickup, points.dropoff, ...(points.driver ? [points.driver] : [])];
  const minLat = Math.min(...all.map((p) => p.lat));
  const maxLat = Math.max(...all.map((p) => p.lat));
  const minLng = Math.min(...all.map((p) => p.lng));
  const maxLng = Math.max(...all.map((p) => p.lng));
  const { width, height, margin } = SCHEMATIC;
  // A point alone on an axis (same latitude or longitude) sits in the middle of it.
  const place = (p: GeoPoint) => ({
    x: Math.round(maxLng === minLng ? width / 2 : margin + ((p.lng - minLng) / (maxLng - minLng)) * (width - 2 * margin)),
    y: Math.round(maxLat === minLat ? height / 2 : height - margin - ((p.lat - minLat) / (maxLat - minLat)) * (height - 2 * margin)),
  });
  return { pickup: place(points.pickup), dropoff: place(points.dropoff), driver: points.driver ? place(points.driver) : null };
}
