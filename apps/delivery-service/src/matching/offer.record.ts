import type { OfferRecord } from '@sdd/contracts';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { OfferEntity } from './offer.entity';

/** A stop as one line, as drivers and operators read it. */
export const stopAddress = (stop: DeliveryEntity['pickup']): string => [stop.street, stop.city, stop.province, stop.postalCode].filter(Boolean).join(', ');

/** What a driver sees of an offer: the stops, the recipient's first name and phone, the notes, nothing of the merchant's account. */
export function toOfferRecord(offer: OfferEntity, delivery: DeliveryEntity): OfferRecord {
  return {
    id: offer.id,
    deliveryId: delivery.id,
    status: offer.status,
    expiresAt: offer.expiresAt.toISOString(),
    category: delivery.category,
    packageSize: delivery.packageSize,
    pickup: { address: stopAddress(delivery.pickup), name: delivery.pickup.name, phone: delivery.pickup.phone, lat: delivery.pickup.lat, lng: delivery.pickup.lng },
    dropoff: { address: stopAddress(delivery.dropoff), lat: delivery.dropoff.lat, lng: delivery.dropoff.lng, notes: delivery.dropoffNotes },
    recipient: { firstName: delivery.customer.name.trim().split(/\s+/)[0] ?? '', phone: delivery.customer.phone },
    distanceKm: offer.distanceKm,
    createdAt: offer.createdAt.toISOString(),
  };
}
