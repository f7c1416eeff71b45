import { DeliveryEntity } from '../src/deliveries/delivery.entity';

const stop = { street: '1 Queen St E', city: 'Toronto', province: 'ON', postalCode: 'M5C 2W5', country: 'CA', lat: 43.65, lng: -79.38, name: 'Shop', phone: '+14165550120' };

/** A test delivery just created, every column set: what a test changes goes in `overrides`. */
export function testDelivery(overrides: Partial<DeliveryEntity> = {}): DeliveryEntity {
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
    pinAttempts: 0,
    idChecked: false,
    deliveredAt: null,
    pendingReroute: null,
    eventSequence: 1,
    createdAt: new Date('2026-11-25T11:59:00.000Z'),
    updatedAt: new Date('2026-11-25T11:59:00.000Z'),
    ...overrides,
  });
}
