import { DeliveryEntity } from './delivery.entity';
import { planSteps, testPath } from './transition-delivery.handler';

const NOW = new Date('2026-11-25T12:00:00.000Z');
const stop = { street: '1 Queen St E', city: 'Toronto', province: 'ON', postalCode: 'M5C 2W5', country: 'CA', lat: 43.65, lng: -79.38, name: 'Shop', phone: '+14165550120' };

function delivery(overrides: Partial<DeliveryEntity> = {}): DeliveryEntity {
  return Object.assign(new DeliveryEntity(), {
    id: 'del_test_1',
    merchantId: 'mer_1',
    mode: 'test',
    status: 'created',
    quoteId: 'quo_1',
    orderId: null,
    fee: 1250,
    etaMinutes: 30,
    currency: 'CAD',
    category: 'standard',
    externalReference: null,
    description: null,
    metadata: {},
    dropoffNotes: null,
    pickup: stop,
    dropoff: { ...stop, street: '290 Bremner Blvd', postalCode: 'M5V 3L9', name: 'Sam' },
    customer: { name: 'Sam', phone: '+14165550142', email: null },
    trackingToken: 'tok',
    simulatedTimeline: null,
    scheduledAt: null,
    idempotencyKey: null,
    payment: null,
    packageSize: 'small',
    vehicle: 'car',
    driverId: null,
    dispatchStartedAt: null,
    failureReason: null,
    recipientName: null,
    testScenario: null,
    undeliverableAction: 'fail',
    deliveryPin: '1234',
    pinVerified: false,
    idChecked: false,
    deliveredAt: null,
    pendingReroute: null,
    eventSequence: 1,
    createdAt: new Date('2026-11-25T11:59:00.000Z'),
    updatedAt: new Date('2026-11-25T11:59:00.000Z'),
    ...overrides,
  });
}

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

  it('applies the changes before the first event, and adds a scenario\'s own events where they belong', () => {
    const moving = delivery({ status: 'driver_assigned', eventSequence: 2, testScenario: 'reroute_declined' });
    const events = planSteps(moving, ['picked_up'], NOW, 'https://api.example', { recipientName: 'S. Doe' });
    expect(events.map((event) => [event.sequence, event.type])).toEqual([
      [3, 'delivery.reroute_declined'],
      [4, 'delivery.picked_up'],
    ]);
    expect(moving.recipientName).toBe('S. Doe');
  });

  it('writes no event for a step that has none (pending), yet moves the delivery', () => {
    const moving = delivery();
    expect(planSteps(moving, ['pending'], NOW, 'https://api.example')).toEqual([]);
    expect(moving).toMatchObject({ status: 'pending', eventSequence: 1 });
  });
});
