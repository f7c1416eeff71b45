import type { AssignedDriver } from '@sdd/contracts';
import { endOf, publicDetailsShown, shownDriver } from './delivery-disclosure';

const driver: AssignedDriver = { name: 'Sam Driver', phone: '+14165550177', vehicle: 'car', lat: 43.7, lng: -79.4 };
const NOW = new Date('2026-11-26T12:00:00.000Z');
const HOUR = 3_600_000;

describe('shownDriver', () => {
  it('shows the driver where it last reported, with its phone, while the delivery is under way', () => {
    for (const status of ['driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit'] as const) {
      expect(shownDriver(status, driver, null)).toEqual(driver);
    }
  });

  it('from a terminal status on, shows where the delivery ended and no phone, never the current position', () => {
    for (const status of ['delivered', 'failed', 'returned', 'cancelled'] as const) {
      expect(shownDriver(status, driver, { lat: 43.65, lng: -79.38 })).toEqual({ name: 'Sam Driver', phone: null, vehicle: 'car', lat: 43.65, lng: -79.38 });
      expect(shownDriver(status, driver, null)).toEqual({ name: 'Sam Driver', phone: null, vehicle: 'car', lat: null, lng: null });
    }
  });
});

describe('endOf', () => {
  it("records the time and the driver's position when the last step ends the delivery", () => {
    expect(endOf(['in_transit', 'delivered'], NOW, { lat: 1, lng: 2 })).toEqual({ endedAt: NOW, endLat: 1, endLng: 2 });
    expect(endOf(['failed'], NOW, null)).toEqual({ endedAt: NOW, endLat: null, endLng: null });
  });

  it('records nothing for a step that does not end it', () => {
    expect(endOf(['picked_up'], NOW, { lat: 1, lng: 2 })).toBeNull();
    expect(endOf([], NOW, null)).toBeNull();
  });
});

describe('publicDetailsShown', () => {
  it('shows the details while the delivery runs, however old it is', () => {
    expect(publicDetailsShown('in_transit', null, new Date(NOW.getTime() - 48 * HOUR), NOW, 4 * HOUR)).toBe(true);
  });

  it('shows them for the window after the end, then no more', () => {
    const ended = (ago: number) => new Date(NOW.getTime() - ago);
    expect(publicDetailsShown('delivered', ended(4 * HOUR - 1), ended(0), NOW, 4 * HOUR)).toBe(true);
    expect(publicDetailsShown('delivered', ended(4 * HOUR), ended(0), NOW, 4 * HOUR)).toBe(false);
    expect(publicDetailsShown('cancelled', ended(5 * HOUR), ended(0), NOW, 4 * HOUR)).toBe(false);
  });

  it('counts from the last update for a delivery that ended before ends were recorded', () => {
    expect(publicDetailsShown('failed', null, new Date(NOW.getTime() - 5 * HOUR), NOW, 4 * HOUR)).toBe(false);
    expect(publicDetailsShown('failed', null, new Date(NOW.getTime() - HOUR), NOW, 4 * HOUR)).toBe(true);
  });
});
