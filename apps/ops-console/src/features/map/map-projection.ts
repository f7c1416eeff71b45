/** A point on the map. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Where points go in an SVG of `width` × `height`: an equirectangular projection of their bounds, the longitude scaled by the cosine of the middle latitude so a city keeps its shape. */
export interface Projection {
  project(point: LatLng): { x: number; y: number };
}

/** The smallest span drawn, in degrees (about 1 km): a single point, or points close together, still get a readable map. */
const MIN_SPAN = 0.01;

export function fitProjection(points: readonly LatLng[], width: number, height: number, margin: number): Projection {
  if (points.length === 0) return { project: () => ({ x: width / 2, y: height / 2 }) };
  const lats = points.map((point) => point.lat);
  const lngs = points.map((point) => point.lng);
  const midLat = (Math.min(...lats) + Math.max(...lats)) / 2;
  const midLng = (Math.min(...lngs) + Math.max(...lngs)) / 2;
  const xScale = Math.cos((midLat * Math.PI) / 180);
  const spanX = Math.max((Math.max(...lngs) - Math.min(...lngs)) * xScale, MIN_SPAN);
  const spanY = Math.max(Math.max(...lats) - Math.min(...lats), MIN_SPAN);
  const scale = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  return {
    project: ({ lat, lng }) => ({ x: width / 2 + (lng - midLng) * xScale * scale, y: height / 2 - (lat - midLat) * scale }),
  };
}
