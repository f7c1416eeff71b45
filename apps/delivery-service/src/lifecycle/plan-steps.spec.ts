import { testDelivery as delivery } from '../../test/delivery.fixture';
import { testPath } from './delivery-status';
import { planSteps } from './plan-steps';
import { DriverEntity } from '../drivers/driver.entity';

const NOW = new Date('2026-11-25T12:00:00.000Z');
describe('planSteps', () => {
  it('moves the delivery through the steps in memory, one event per evented step, numbered after the last', () => {
    const moving = delivery();
    const events = planSteps(moving, testPath('created', 'delivered') ?? [], NOW, 'https://api.example');
    expect(events.map((event) => [event.sequence, event.type])).toEqual([
      [2, 'delivery.driver_assigned'],
      [3, 'delivery.picked_up'],
      [4, 'delivery.in_transit'],
      [5, 'delivery.delivered'],
    ]);
    expect(events.every((event) => event.deliveryId === 'del_test_1' && event.createdAt === NOW)).toBe(true);
    expect(moving).toMatchObject({ status: 'delivered', eventSequence: 5, updatedAt: NOW });
    // Each event shows the delivery as that step left it; the last one says when it was delivered.
    expect(events.map((event) => event.payload.status)).toEqual(['driver_assigned', 'picked_up', 'in_transit', 'delivered']);
    expect(events[3].payload).toMatchObject({ delivered_at: NOW.toISOString() });
  });

  it("applies the changes before the first event, and adds a scenario's own events where they belong", () => {
    const moving = delivery({ status: 'driver_assigned', eventSequence: 2, testScenario: 'reroute_declined' });
    const events = planSteps(moving, ['picked_up'], NOW, 'https://api.example', { recipientName: 'S. Doe' });
    expect(events.map((event) => [event.sequence, event.type])).toEqual([
      [3, 'delivery.reroute_declined'],
      [4, 'delivery.picked_up'],
    ]);
    expect(moving.recipientName).toBe('S. Doe');
  });

  it('shows the assigned driver in each event as retrieve does: its position and phone under way, where it ended and no phone at the end', () => {
    const driver = Object.assign(new DriverEntity(), { id: 'drv_1', name: 'Sam Driver', phone: '+14165550177', vehicle: 'car', lat: 43.7, lng: -79.4 });
    const underWay = planSteps(delivery({ mode: 'live', status: 'picked_up', driverId: 'drv_1', eventSequence: 3 }), ['in_transit'], NOW, 'https://api.example', {}, driver);
    expect(underWay[0].payload.driver).toEqual({ name: 'Sam Driver', phone: '+14165550177', vehicle: 'car', lat: 43.7, lng: -79.4 });
    const end = { endedAt: NOW, endLat: 43.65, endLng: -79.38 };
    const ended = planSteps(delivery({ mode: 'live', status: 'in_transit', driverId: 'drv_1', eventSequence: 4 }), ['delivered'], NOW, 'https://api.example', end, driver);
    expect(ended[0].payload.driver).toEqual({ name: 'Sam Driver', phone: null, vehicle: 'car', lat: 43.65, lng: -79.38 });
  });

  it('writes no event for a step that has none (pending), yet moves the delivery', () => {
    const moving = delivery();
    expect(planSteps(moving, ['pending'], NOW, 'https://api.example')).toEqual([]);
    expect(moving).toMatchObject({ status: 'pending', eventSequence: 1 });
  });
});
