import { DELIVERY_EVENT_BATCH_MAX } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { acceptedDeliveryEvents, checkDeliveryEventBatch, deliveryEventProblem } from './delivery-event-batch';

const valid = () => ({
  id: 'evt_1',
  type: 'delivery.created',
  created_at: '2026-11-23T10:00:00.000Z',
  delivery_id: 'del_test_1',
  merchant_id: 'mer_1',
  sequence: 1,
  data: { id: 'del_test_1', mode: 'test', status: 'created' },
});

describe('deliveryEventProblem', () => {
  it('accepts an event as the outbox sends it', () => {
    expect(deliveryEventProblem(valid())).toBeUndefined();
  });

  it.each([
    ['id', { id: 'del_1' }],
    ['id', { id: 42 }],
    ['type', { type: 'delivery.exploded' }],
    ['created_at', { created_at: 'yesterday' }],
    ['delivery_id', { delivery_id: '' }],
    ['merchant_id', { merchant_id: null }],
    ['sequence', { sequence: 0 }],
    ['sequence', { sequence: 1.5 }],
    ['data', { data: [] }],
    ['data.mode', { data: { id: 'del_test_1', mode: 'prod' } }],
    ['data.id', { data: { id: 'del_test_2', mode: 'test' } }],
  ])('names %s when it is wrong', (param, change) => {
    expect(deliveryEventProblem({ ...valid(), ...change })).toBe(param);
  });

  it.each([null, 'evt_1', [], 7])('refuses %p as a whole', (event) => {
    expect(deliveryEventProblem(event)).toBe('');
  });
});

describe('checkDeliveryEventBatch', () => {
  it('keeps the valid events in order and names the refused ones', () => {
    const second = { ...valid(), id: 'evt_2', sequence: 2 };
    const checked = checkDeliveryEventBatch({ events: [valid(), { ...valid(), id: 'evt_bad', type: 'nope' }, second, null] });
    expect(checked.events.map((event) => event.id)).toEqual(['evt_1', 'evt_2']);
    expect(checked.refused).toEqual([
      { id: 'evt_bad', param: 'events[1].type' },
      { id: undefined, param: 'events[3]' },
    ]);
  });

  it.each([undefined, null, [], { events: {} }, { events: 'evt_1' }])('refuses %p with a 400 naming events', (payload) => {
    expect(() => checkDeliveryEventBatch(payload)).toThrow(AppError);
    try {
      checkDeliveryEventBatch(payload);
    } catch (error) {
      expect(error).toMatchObject({ status: 400, param: 'events' });
    }
  });

  it('refuses a batch over the maximum', () => {
    const events = Array.from({ length: DELIVERY_EVENT_BATCH_MAX + 1 }, (_, n) => ({ ...valid(), id: `evt_${n}` }));
    expect(() => checkDeliveryEventBatch({ events })).toThrow(/at most/);
    expect(checkDeliveryEventBatch({ events: events.slice(1) }).events).toHaveLength(DELIVERY_EVENT_BATCH_MAX);
  });
});

describe('acceptedDeliveryEvents', () => {
  it('returns the storable events and logs each refused one with its field', () => {
    const logged: string[] = [];
    const events = acceptedDeliveryEvents({ events: [{ ...valid(), id: 'evt_bad', type: 'nope' }, valid(), null] }, { error: (line) => logged.push(line) });
    expect(events.map((event) => event.id)).toEqual(['evt_1']);
    expect(logged).toEqual(['refused delivery event evt_bad: invalid events[0].type', 'refused delivery event (no id): invalid events[2]']);
  });
});
