'use strict';

const EARTH_RADIUS_KM = 6371.0088;
const toRadians = (/** @type {number} */ degrees) => (degrees * Math.PI) / 180;

/**
 * @typedef {{ lat: number, lng: number }} Point
 */

/** Haversine distance in km. @param {Point} a @param {Point} b */
function distanceKm(a, b) {
  const dLat = toRadians(b.lat - a.lat);
  const dLng = toRadians(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(a.lat)) * Math.cos(toRadians(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * Where a driver at `from` heading for `to` is after covering `km` (along the
 * straight line; it arrives, and stays, once `km` reaches the distance).
 * @param {Point} from @param {Point} to @param {number} km
 * @returns {{ at: Point, arrived: boolean }}
 */
function stepToward(from, to, km) {
  const total = distanceKm(from, to);
  if (total <= km || total === 0) return { at: { lat: to.lat, lng: to.lng }, arrived: true };
  const share = km / total;
  const round = (/** @type {number} */ value) => Math.round(value * 1e6) / 1e6;
  return { at: { lat: round(from.lat + (to.lat - from.lat) * share), lng: round(from.lng + (to.lng - from.lng) * share) }, arrived: false };
}

/**
 * A point about `km` from `center` in a direction given by `angle` (radians):
 * where a seeded driver waits.
 * @param {Point} center @param {number} km @param {number} angle
 */
function pointAround(center, km, angle) {
  const dLat = (km / EARTH_RADIUS_KM) * (180 / Math.PI);
  const dLng = dLat / Math.cos(toRadians(center.lat));
  const round = (/** @type {number} */ value) => Math.round(value * 1e6) / 1e6;
  return { lat: round(center.lat + dLat * Math.sin(angle)), lng: round(center.lng + dLng * Math.cos(angle)) };
}

module.exports = { distanceKm, stepToward, pointAround };
