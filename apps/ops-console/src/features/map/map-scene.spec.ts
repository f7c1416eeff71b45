import { describe, expect, it } from '@jest/globals';
import type { OpsDelivery } from '../deliveries/deliveries-api';
import type { Driver } from '../drivers/drivers-api';
import { mapScene, scenePoints } from './map-scene';

const driver = (id: string, online: boolean, location: Driver['location']): Driver => ({
  id,
  name: `Driver ${id}`,
  phone: '+14165550100',
  vehicle: 'car',
  home_province: 'ON',
  online,
  location,
  certifications: [],
  status: 'active',
  token_expires_at: '2026-12-31T00:00:00Z',
  created_at: '2026-11-27T00:00:00Z',
});

const delivery = (id: string, driverId: string | null, stuck: boolean): OpsDelivery => ({
  object: 'ops_delivery',
  id,
  merchant_id: 'mer_1',
  status: driverId ? 'driver_assigned' : 'pending',
  category: 'standard',
  pickup: { address: '1 Queen St E', lat: 43.65, lng: -79.38 },
  dropoff: { address: '290 Bremner Blvd', lat: 43.64, lng: -79.39 },
  driver: driverId ? { id: driverId, name: `Driver ${driverId}`, vehicle: 'car', lat: 43.651, lng: -79.381, located_at: '2026-11-27T12:00:00Z' } : null,
  waiting_since: driverId ? null : '2026-11-27T12:00:00Z',
  due_at: '2026-11-27T13:00:00Z',
  stuck: stuck ? { reason: 'no_driver', since: '2026-11-27T12:00:00Z' } : null,
  created_at: '2026-11-27T11:55:00Z',
});

describe('mapScene', () => {
  it('draws online drivers with a position, busy when holding a delivery, and every delivery with its stops', () => {
    const at = { lat: 43.651, lng: -79.381, at: '2026-11-27T12:00:00Z' };
    const scene = mapScene(
      [driver('a', true, at), driver('b', true, at), driver('off', false, at), driver('nowhere', true, null)],
      [delivery('d1', 'a', false), delivery('d2', null, true)],
    );
    expect(scene.drivers.map((d) => [d.id, d.busy])).toEqual([
      ['a', true],
      ['b', false],
    ]);
    expect(scene.deliveries.map((d) => [d.id, d.driverName, d.stuck])).toEqual([
      ['d1', 'Driver a', false],
      ['d2', null, true],
    ]);
    expect(scenePoints(scene)).toHaveLength(2 + 2 * 2);
  });
});
