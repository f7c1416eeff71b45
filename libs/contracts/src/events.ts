import { ServiceName } from './services';

/** Domain events (`@EventPattern`), the webhook event types of the contract. Never rename one once live. */
export const EventType = {
  DeliveryCreated: 'delivery.created',
  DeliveryDriverAssigned: 'delivery.driver_assigned',
  DeliveryPickedUp: 'delivery.picked_up',
  DeliveryInTransit: 'delivery.in_transit',
  DeliveryDelivered: 'delivery.delivered',
  DeliveryCancelled: 'delivery.cancelled',
  DeliveryFailed: 'delivery.failed',
  /** Live dispatch: an undeliverable package brought back to the pickup (undeliverable_action return_to_pickup). */
  DeliveryReturned: 'delivery.returned',
  /** A new dropoff took effect (asked before pickup, accepted by the driver or before one was assigned). */
  DeliveryRerouteAccepted: 'delivery.reroute_accepted',
  DeliveryRerouteDeclined: 'delivery.reroute_declined',
  /** The processor returned money of the delivery's payment (cancelled: all of it; failed or returned: the items). */
  DeliveryRefunded: 'delivery.refunded',
} as const;
export type EventType = (typeof EventType)[keyof typeof EventType];

export const EVENT_TYPES: readonly EventType[] = Object.values(EventType);

/**
 * Who receives each delivery event. The outbox hands every event to each of
 * its subscribers through that subscriber's intake pattern and keeps offering
 * it until the subscriber acknowledges it. Only a service with an intake
 * handler may be listed: an event offered to nobody's handler would never be
 * acknowledged.
 */
export const EVENT_SUBSCRIPTIONS: Readonly<Record<EventType, readonly EventSubscriber[]>> = {
  // quote-service confirms the quote's claim: the delivery that holds it is written.
  [EventType.DeliveryCreated]: [ServiceName.Webhook, ServiceName.Quote],
  [EventType.DeliveryDriverAssigned]: [ServiceName.Webhook],
  [EventType.DeliveryPickedUp]: [ServiceName.Webhook],
  [EventType.DeliveryInTransit]: [ServiceName.Webhook],
  // payment-service moves money on these: a transfer on delivered, a refund on cancelled or failed.
  [EventType.DeliveryDelivered]: [ServiceName.Webhook, ServiceName.Payment],
  [EventType.DeliveryCancelled]: [ServiceName.Webhook, ServiceName.Payment],
  [EventType.DeliveryFailed]: [ServiceName.Webhook, ServiceName.Payment],
  [EventType.DeliveryReturned]: [ServiceName.Webhook, ServiceName.Payment],
  [EventType.DeliveryRerouteAccepted]: [ServiceName.Webhook],
  [EventType.DeliveryRerouteDeclined]: [ServiceName.Webhook],
  // Recorded once payment-service made the refund; it moves no more money.
  [EventType.DeliveryRefunded]: [ServiceName.Webhook],
};

/** The services that take delivery events, each through its own intake pattern (`EVENT_INTAKE_PATTERN`). */
export type EventSubscriber = typeof ServiceName.Webhook | typeof ServiceName.Payment | typeof ServiceName.Quote;

export const EVENT_SUBSCRIBERS: readonly EventSubscriber[] = [...new Set(Object.values(EVENT_SUBSCRIPTIONS).flat())];

/** The subscribers that take any of these event types; all of them for a type this table does not know, so none is missed. */
export function subscribersOf(types: readonly string[]): EventSubscriber[] {
  const known = (type: string): type is EventType => Object.prototype.hasOwnProperty.call(EVENT_SUBSCRIPTIONS, type);
  if (!types.every(known)) return [...EVENT_SUBSCRIBERS];
  return EVENT_SUBSCRIBERS.filter((subscriber) => types.some((type) => EVENT_SUBSCRIPTIONS[type as EventType].includes(subscriber)));
}
