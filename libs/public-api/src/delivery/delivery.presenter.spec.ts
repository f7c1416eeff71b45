import { DeliveryRecord } from '@sdd/contracts';
import { presentEventEnvelope } from '../event/event.presenter';
import { presentCreatedDelivery, presentDelivery, presentDeliveryList, presentDeliveryListItem } from './delivery.presenter';

const stop = { street: '1 Queen St E', city: 'Toronto', province: 'ON', postalCode: 'M5C 2W5', country: 'CA', lat: 43.65, lng: -79.38 };
const record: DeliveryRecord = {
  id: 'del_test_1',
  mode: 'test',
  status: 'picked_up',
  quoteId: 'qt_1',
  orderId: null,
  payment: null,
  driver: null,
  fee: 1249,
  currency: 'cad',
  externalReference: 'order-42',
  category: 'standard',
  description: null,
  metadata: { gate: 'B' },
  dropoffNotes: 'Buzz 12',
  trackingUrl: 'https://deliver.example/track/tok',
  pickup: { ...stop, name: 'Queen St Store', phone: '+14165550120' },
  dropoff: { ...stop, name: 'Sam Lee', phone: '+16045550199' },
  customer: { name: 'Sam Lee', email: null },
  simulatedTimeline: [{ status: 'pending', at: '2026-11-23T10:00:10.000Z' }],
  scheduledAt: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:30.000Z',
};

describe('delivery presenters', () => {
  it("presents the union of both descriptions: price and fee, the stops in the contract's spelling", () => {
    const presented = presentDelivery(record);
    expect(presented).toMatchObject({ id: 'del_test_1', simulated: true, quote_id: 'qt_1', price: 1249, fee: 1249, external_reference: 'order-42' });
    expect(presented.pickup).toMatchObject({ address: '1 Queen St E', state: 'ON', postalCode: 'M5C 2W5', name: 'Queen St Store' });
    expect(presented).not.toHaveProperty('simulated_timeline');
  });

  it('answers a test creation as it was: "simulated", created_at as updated_at, with its timeline', () => {
    expect(presentCreatedDelivery(record)).toMatchObject({
      status: 'simulated',
      updated_at: '2026-11-23T10:00:00.000Z',
      simulated_timeline: [{ status: 'pending', at: '2026-11-23T10:00:10.000Z' }],
    });
  });

  it('answers a live creation with status "created" and no timeline', () => {
    const live = presentCreatedDelivery({ ...record, id: 'del_1', mode: 'live', simulatedTimeline: null });
    expect(live.status).toBe('created');
    expect(live.simulated).toBe(false);
    expect(live).not.toHaveProperty('simulated_timeline');
  });

  it('answers a creation with how a re-priced expired quote moved (null otherwise); GET and events do not carry it', () => {
    expect(presentCreatedDelivery(record).quote_repricing).toBeNull();
    const repriced = { ...record, quoteRepricing: { previousFee: 1190, fee: 1249, changes: [{ code: 'price_adjustment' as const, previousAmount: 0, amount: 59 }] } };
    expect(presentCreatedDelivery(repriced).quote_repricing).toEqual({ previous_fee: 1190, fee: 1249, changes: [{ code: 'price_adjustment', previous_amount: 0, amount: 59 }] });
    expect(presentDelivery(repriced)).not.toHaveProperty('quote_repricing');
  });

  it("lists the contract's list-item fields only", () => {
    expect(Object.keys(presentDeliveryListItem(record)).sort()).toEqual([
      'category',
      'created_at',
      'currency',
      'external_reference',
      'id',
      'mode',
      'order_id',
      'price',
      'quote_id',
      'status',
      'updated_at',
    ]);
    expect(presentDeliveryList({ data: [record], hasMore: true, nextCursor: 'c' })).toMatchObject({ has_more: true, next_cursor: 'c' });
  });

  it('puts exactly the retrieved delivery into an event envelope, sequence last', () => {
    const data = { ...presentDelivery(record) };
    const envelope = presentEventEnvelope({ id: 'evt_1', type: 'delivery.picked_up', created_at: record.updatedAt, data, sequence: 3 });
    expect(Object.keys(envelope)).toEqual(['id', 'type', 'created_at', 'data', 'sequence']);
    expect(envelope.data).toStrictEqual(presentDelivery(record));
  });
});
