import type { PublicTracking } from '@sdd/contracts';
import { hasEnded, routeAhead, schematicPoint, trackingView } from './tracking-view';

const pickup = { lat: 43.6525, lng: -79.3775 };
const dropoff = { lat: 43.6414, lng: -79.3862 };
const driverAt = { lat: 43.655, lng: -79.38 };

function tracking(overrides: Partial<PublicTracking>): PublicTracking {
  return {
    status: 'driver_assigned',
    steps: [],
    eta_minutes: 12,
    recipient_first_name: 'Amélie',
    driver: { name: 'Sam', location: driverAt },
    delivery_pin: '4821',
    pickup,
    dropoff,
    updated_at: '2026-11-27T06:00:00.000Z',
    ...overrides,
  };
}

describe('hasEnded', () => {
  it.each(['delivered', 'cancelled', 'failed', 'returned'])('%s has', (status) => expect(hasEnded(status)).toBe(true));
  it.each(['created', 'pending', 'driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit'])('%s has not', (status) => expect(hasEnded(status)).toBe(false));
});

describe('routeAhead', () => {
  it('runs from the driver through the pickup to the dropoff before the pickup', () => {
    expect(routeAhead('driver_assigned', { pickup, dropoff }, driverAt)).toEqual([driverAt, pickup, dropoff]);
  });

  it('runs from the driver to the dropoff once picked up', () => {
    expect(routeAhead('in_transit', { pickup, dropoff }, driverAt)).toEqual([driverAt, dropoff]);
  });

  it('is the stops alone while no driver position is known', () => {
    expect(routeAhead('in_transit', { pickup, dropoff }, null)).toEqual([pickup, dropoff]);
  });
});

describe('trackingView', () => {
  it('shows the greeting, ETA, PIN, stops and driver while a driver is on the way', () => {
    expect(trackingView(tracking({}))).toEqual({
      ended: false,
      greeting: 'Hi Amélie, here is your delivery',
      eta: 'Arriving in about 12 min',
      pin: '4821',
      stops: { pickup, dropoff },
      driver: driverAt,
      route: [driverAt, pickup, dropoff],
    });
  });

  it('shows no PIN before a driver is assigned, as the status gives none', () => {
    const view = trackingView(tracking({ status: 'pending', driver: null, delivery_pin: null }));
    expect([view.pin, view.driver, view.route]).toEqual([null, null, [pickup, dropoff]]);
  });

  it('keeps nothing personal once the delivery ended, although the status still carries it', () => {
    expect(trackingView(tracking({ status: 'delivered', eta_minutes: 0, delivery_pin: null }))).toEqual({
      ended: true,
      greeting: 'Your delivery',
      eta: '',
      pin: null,
      stops: null,
      driver: null,
      route: [],
    });
  });

  it("draws nothing without the stops (the link's personal-data window has passed)", () => {
    const view = trackingView(tracking({ status: 'in_transit', pickup: null, dropoff: null, recipient_first_name: null }));
    expect([view.stops, view.driver, view.route, view.greeting]).toEqual([null, null, [], 'Your delivery']);
  });
});

describe('schematicPoint', () => {
  it('puts the extremes at the margins of the 320×200 drawing, north up', () => {
    expect(schematicPoint(pickup, [pickup, dropoff])).toEqual({ x: 290, y: 170 - 140 });
    expect(schematicPoint(dropoff, [pickup, dropoff])).toEqual({ x: 30, y: 170 });
  });

  it('does not divide by zero when both stops are one point', () => {
    expect(schematicPoint(pickup, [pickup, pickup])).toEqual({ x: 30, y: 170 });
  });
});
