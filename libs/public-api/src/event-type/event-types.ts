import { EventType } from '@sdd/contracts';
import { DeliveryResource } from '../delivery/delivery.resource';
import { DeliveredEventDataResource } from '../event/event-data.resource';

/** A resource class whose OpenAPI schema describes an event's `data`. */
export type EventDataResource = typeof DeliveryResource | typeof DeliveredEventDataResource;

/**
 * Each event type of the contracts (EventType), when it fires, and the
 * resource its `data` is: GET /v1/event_types and docs/events.md are derived
 * from this and from the OpenAPI document's schema of that resource, the one
 * EventEnvelope's `data` names. A type added to EventType does not compile
 * until it is described here.
 */
export const EVENT_TYPE_CATALOG: Readonly<Record<EventType, { description: string; data: EventDataResource }>> = {
  [EventType.DeliveryCreated]: {
    description: 'A delivery was created (POST /v1/deliveries), in status `created`; a test delivery then follows its simulated timeline.',
    data: DeliveryResource,
  },
  [EventType.DeliveryDriverAssigned]: {
    description: 'A driver was assigned: a live driver accepted the offer, or the test timeline assigned its simulated driver.',
    data: DeliveryResource,
  },
  [EventType.DeliveryPickedUp]: { description: 'The driver picked the package up at the pickup.', data: DeliveryResource },
  [EventType.DeliveryInTransit]: { description: 'The package is on its way to the dropoff.', data: DeliveryResource },
  [EventType.DeliveryDelivered]: { description: 'The package was handed over at the dropoff; `data` adds `delivered_at`.', data: DeliveredEventDataResource },
  [EventType.DeliveryCancelled]: { description: 'The delivery was cancelled (POST /v1/deliveries/{id}/cancel) before a driver was assigned.', data: DeliveryResource },
  [EventType.DeliveryFailed]: {
    description:
      'The delivery ended undelivered, where it was (status `failed`): the driver reported the recipient unavailable, the address unreachable, a failed ID check or a damaged package.',
    data: DeliveryResource,
  },
  [EventType.DeliveryReturned]: {
    description: 'An undeliverable package was brought back to the pickup (`undeliverable_action: return_to_pickup`).',
    data: DeliveryResource,
  },
  [EventType.DeliveryRerouteAccepted]: {
    description: 'A new dropoff took effect (POST /v1/deliveries/{id}/reroute): at once without a driver, or when the driver accepted it.',
    data: DeliveryResource,
  },
  [EventType.DeliveryRerouteDeclined]: { description: 'The driver declined a reroute; the delivery keeps its dropoff.', data: DeliveryResource },
  [EventType.DeliveryRefunded]: {
    description: "Money of the delivery's payment went back to the customer: all of it on a cancel, the items on a failure or a return.",
    data: DeliveryResource,
  },
};
