import { RouteDistance, RoutingName } from './route-distance.port';
import { StraightLineRouteDistance } from './straight-line.route-distance';

/** Every RouteDistance adapter by its ROUTING name; a routing engine's adapter joins ROUTING_NAMES and this map. */
export const ROUTE_DISTANCES: Readonly<Record<RoutingName, () => RouteDistance>> = {
  straight_line: () => new StraightLineRouteDistance(),
};
