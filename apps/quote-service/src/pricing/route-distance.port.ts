import type { LatLng } from '@sdd/common';

/** Injection token of the RouteDistance; which adapter is bound is the ROUTING setting (config.ts). */
export const ROUTE_DISTANCE = Symbol('ROUTE_DISTANCE');

/** The adapters the ROUTING setting may name (route-distances.ts binds each): `straight_line`, great circle × road factor. */
export const ROUTING_NAMES = ['straight_line'] as const;
export type RoutingName = (typeof ROUTING_NAMES)[number];

export interface RouteDistance {
  /** Road distance in km between two geocoded points, rounded to 0.1 km: a quote's `distance_km`. */
  roadKm(from: LatLng, to: LatLng): Promise<number>;
}
