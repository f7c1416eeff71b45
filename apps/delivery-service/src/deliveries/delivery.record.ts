import { DeliveryRecord, DeliverySnapshot } from '@sdd/contracts';
import { presentDelivery } from '@sdd/public-api';
import { DriverEntity } from '../drivers/driver.entity';
import { DeliveryEntity } from './delivery.entity';

export function trackingUrl(baseUrl: string, delivery: DeliveryEntity): string {
  return `${baseUrl}/track/${delivery.trackingToken}`;
}

/** The delivery as delivery-service answers for it on the bus; `driver` is the assigned live driver, when read with it. */
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
    refund: delivery.refund,
    driver: driver ? { name: driver.name, phone: driver.phone, vehicle: driver.vehicle, lat: driver.lat, lng: driver.lng } : null,
    createdAt: delivery.createdAt.toISOString(),
    updatedAt: delivery.updatedAt.toISOString(),
  };
}

/**
 * What an event says of its delivery: the public delivery as it is at that
 * moment, presented by the same function as GET /v1/deliveries/{id} and frozen
 * in the event (an event describes the past; resending it sends the same bytes).
 */
export function deliverySnapshot(delivery: DeliveryEntity, baseUrl: string, deliveredAt?: Date): DeliverySnapshot {
  const presented = presentDelivery(toDeliveryRecord(delivery, baseUrl));
  return deliveredAt ? { ...presented, delivered_at: deliveredAt.toISOString() } : { ...presented };
}
