import { hasDriver, pointAlong } from './tracking';

const stop = (lat: number, lng: number) => ({ street: '', city: '', province: '', postalCode: null, country: 'CA', lat, lng });

describe('tracking', () => {
  it('places the driver along the route', () => {
    expect(pointAlong(stop(43, -79), stop(44, -80), 0)).toEqual({ lat: 43, lng: -79 });
    expect(pointAlong(stop(43, -79), stop(44, -80), 0.5)).toEqual({ lat: 43.5, lng: -79.5 });
    expect(pointAlong(stop(43, -79), stop(44, -80), 1)).toEqual({ lat: 44, lng: -80 });
    expect(pointAlong(stop(43, -79), stop(44, -80), 7)).toEqual({ lat: 44, lng: -80 });
  });

  it('shows a driver from assignment on', () => {
    expect(hasDriver('created')).toBe(false);
    expect(hasDriver('pending')).toBe(false);
    expect(hasDriver('cancelled')).toBe(false);
    expect(hasDriver('driver_assigned')).toBe(true);
    expect(hasDriver('in_transit')).toBe(true);
    expect(hasDriver('delivered')).toBe(true);
  });
});
