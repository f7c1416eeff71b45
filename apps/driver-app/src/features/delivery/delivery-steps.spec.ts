import { describe, expect, it } from '@jest/globals';
import { canReturn, cargoOf, destinationOf, geoUri, needsIdCheck, nextStep, type Offer } from './delivery-steps';

const offer = {
  pickup: { address: '1 Queen St E, Toronto', lat: 43.65, lng: -79.38, name: null, phone: null },
  dropoff: { address: '200 Bay St, Toronto', lat: 43.646, lng: -79.379, notes: null },
  category: 'alcohol',
  package_size: 'small',
} as unknown as Offer;

describe('delivery steps', () => {
  it('walks assigned → at pickup → picked up → in transit, the hand-over last', () => {
    expect(nextStep('driver_assigned')?.status).toBe('driver_at_pickup');
    expect(nextStep('driver_at_pickup')?.status).toBe('picked_up');
    expect(nextStep('picked_up')?.status).toBe('in_transit');
    expect(nextStep('in_transit')).toBeUndefined();
  });

  it('navigates to the pickup until the package is in hand, then to the dropoff', () => {
    expect(destinationOf('driver_at_pickup', offer).address).toBe('1 Queen St E, Toronto');
    expect(destinationOf('picked_up', offer).address).toBe('200 Bay St, Toronto');
    expect(geoUri(43.646, -79.379, 'Dropoff')).toBe('geo:43.646,-79.379?q=43.646,-79.379(Dropoff)');
  });

  it('checks ID for alcohol and cannabis only, and returns only a package in hand', () => {
    expect([needsIdCheck('alcohol'), needsIdCheck('cannabis'), needsIdCheck('standard')]).toEqual([true, true, false]);
    expect([canReturn('driver_assigned'), canReturn('picked_up'), canReturn('in_transit')]).toEqual([false, true, true]);
    expect(cargoOf(offer)).toBe('alcohol, small package');
  });
});
