import { loadConfig } from '@sdd/common';
import { QuoteServiceConfig } from './config';
import { GEOCODERS } from './geocoding/geocoders';
import { OfflineGeocoder } from './geocoding/offline.geocoder';
import { ROUTE_DISTANCES } from './pricing/route-distances';
import { StraightLineRouteDistance } from './pricing/straight-line.route-distance';

const valid = { DATABASE_URL: 'postgres://u:p@127.0.0.1:5432/db', REDIS_URL: 'redis://127.0.0.1:6379' };

describe('QuoteServiceConfig: which geocoder and which road distance', () => {
  it('defaults to the offline geocoder and the straight-line distance, and binds each', async () => {
    const config = loadConfig(QuoteServiceConfig, valid);
    expect([config.GEOCODER, config.ROUTING]).toEqual(['offline', 'straight_line']);
    expect(GEOCODERS[config.GEOCODER]()).toBeInstanceOf(OfflineGeocoder);
    const routes = ROUTE_DISTANCES[config.ROUTING]();
    expect(routes).toBeInstanceOf(StraightLineRouteDistance);
    // Union Station to the CN Tower: 0.603 km great circle, 0.8 km by road (docs/pricing.md).
    expect(await routes.roadKm({ lat: 43.6453, lng: -79.3806 }, { lat: 43.6426, lng: -79.3871 })).toBe(0.8);
  });

  it.each([
    ['GEOCODER', 'google'],
    ['ROUTING', 'osrm'],
  ])('refuses to start with %s=%s, an adapter it does not have', (name, value) => {
    expect(() => loadConfig(QuoteServiceConfig, { ...valid, [name]: value })).toThrow(new RegExp(name));
  });
});
