import { EntityManager } from 'typeorm';
import { AssignedDriver, DeliveryRecord, DeliverySnapshot } from '@sdd/contracts';
import { presentDelivery } from '@sdd/public-api';
import { DriverEntity } from '../drivers/driver.entity';
import { DeliveryEntity } from './delivery.entity';
import { GeoPoint, pointOf, shownDriver } from './delivery-disclosure';

export function trackingUrl(baseUrl: string, delivery: DeliveryEntity): string {
  return `${baseUrl}/track/${delivery.trackingToken}`;
}

/** Where the delivery ended, once it did and its driver had a position then. */
export function endPointOf(delivery: DeliveryEntity): GeoPoint | null {
  return pointOf({ lat: delivery.endLat, lng: delivery.endLng });
}

/** The assigned driver as the delivery shows it, in retrieve, tracking and events alike (shownDriver). */
export function assignedDriverShown(delivery: DeliveryEntity, driver: DriverEntity | null): AssignedDriver | null {
  if (!driver) return null;
  return shownDriver(delivery.status, { name: driver.name, phone: driver.phone, vehicle: driver.vehicle, lat: driver.lat, lng: driver.lng }, endPointOf(delivery));
}

/** The delivery's assigned driver, read in `manager`'s transaction; null before one is assigned (and always in test mode). */
export function readAssignedDriver(manager: EntityManager, delivery: DeliveryEntity): Promise<DriverEntity | null> {
  return delivery.driverId ? manager.findOneBy(DriverEntity, { id: delivery.driverId }) : Promise.resolve(null);
}

/**
 * The delivery as delivery-service answers for it on the bus; `driver` is the
 * assigned live driver, when read with it, shown as the delivery's status
 * allows (shownDriver).
 */
export function toDeliveryRecord(delivery: DeliveryEntity, baseUrl: string, driver: DriverEntity | null = null): DeliveryRecord {
  return {
    id: delivery.id,
    mode: delivery.mode,
    status: delivery.status,
    quoteId: delivery.quoteId,
    orderId: delivery.orderId,
    fee: delivery.fee,
    currency: delivery.currency,
    externalReference: delivery.externalReference,
    category: delivery.category,
    description: delivery.description,
    metadata: delivery.metadata,
    dropoffNotes: delivery.dropoffNotes,
    trackingUrl: trackingUrl(baseUrl, delivery),
    pickup: delivery.pickup,
    dropoff: delivery.dropoff,
    customer: { name: delivery.customer.name, email: delivery.customer.email },
    simulatedTimeline: delivery.simulatedTimeline,
    scheduledAt: delivery.scheduledAt?.toISOString() ?? null,
    payment: delivery.payment,
    quoteRepricing: delivery.quoteRepricing,
    refund: delivery.refund,
    driver: assignedDriverShown(delivery, driver),
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

/**
 * What an event says of its delivery: the public delivery as it is at that
 * moment, presented by the same function as GET /v1/deliveries/{id} and frozen
 * in the event (an event describes the past; resending it sends the same bytes).
 * `driver`: the assigned driver as it is at that moment (readAssignedDriver),
 * so that the event shows it as GET did then.
 */
export function deliverySnapshot(delivery: DeliveryEntity, baseUrl: string, deliveredAt?: Date, driver: DriverEntity | null = null): DeliverySnapshot {
  const presented = presentDelivery(toDeliveryRecord(delivery, baseUrl, driver));
  return deliveredAt ? { ...presented, delivered_at: deliveredAt.toISOString() } : { ...presented };
}
