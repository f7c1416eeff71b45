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
} as const;
export type EventType = (typeof EventType)[keyof typeof EventType];

export const EVENT_TYPES: readonly EventType[] = Object.values(EventType);

/**
 * Who receives each event. `emit` puts one job on each subscriber's own event
 * queue, so every subscriber sees every event while replicas of one subscriber
 * share the work.
 */
export const EVENT_SUBSCRIPTIONS: Readonly<Record<EventType, readonly ServiceName[]>> = {
  [EventType.DeliveryCreated]: [ServiceName.Webhook],
  [EventType.DeliveryDriverAssigned]: [ServiceName.Webhook],
  [EventType.DeliveryPickedUp]: [ServiceName.Webhook],
  [EventType.DeliveryInTransit]: [ServiceName.Webhook],
  [EventType.DeliveryDelivered]: [ServiceName.Webhook, ServiceName.Payment],
  [EventType.DeliveryCancelled]: [ServiceName.Webhook, ServiceName.Payment],
  [EventType.DeliveryFailed]: [ServiceName.Webhook, ServiceName.Payment],
};
