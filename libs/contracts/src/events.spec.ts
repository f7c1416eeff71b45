import { EVENT_SUBSCRIBERS, EventType, subscribersOf } from './events';
import { ServiceName } from './services';

describe('subscribersOf', () => {
  it('names the subscribers of the types given, each once', () => {
    expect(subscribersOf([EventType.DeliveryCreated]).sort()).toEqual([ServiceName.Quote, ServiceName.Webhook].sort());
    expect(subscribersOf([EventType.DeliveryPickedUp])).toEqual([ServiceName.Webhook]);
    expect(subscribersOf([EventType.DeliveryInTransit, EventType.DeliveryDelivered]).sort()).toEqual([ServiceName.Payment, ServiceName.Webhook].sort());
  });

  it('names nobody for no types, and everybody for a type it does not know', () => {
    expect(subscribersOf([])).toEqual([]);
    expect(subscribersOf([EventType.DeliveryPickedUp, 'delivery.teleported'])).toEqual([...EVENT_SUBSCRIBERS]);
  });
});
