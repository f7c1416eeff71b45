import { Injectable } from '@nestjs/common';
import type { LatLng } from '@sdd/common';
import { roadDistanceKm } from './distance';
import { RouteDistance } from './route-distance.port';

/** The default RouteDistance: great circle times the road factor (docs/pricing.md), no network. */
@Injectable()
export class StraightLineRouteDistance implements RouteDistance {
  roadKm(from: LatLng, to: LatLng): Promise<number> {
    return Promise.resolve(roadDistanceKm(from, to));
  }
}
