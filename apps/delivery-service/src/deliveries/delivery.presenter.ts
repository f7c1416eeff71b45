import { DeliveryListItem, DeliveryView } from '@sdd/contracts';
import { DeliveryEntity } from './delivery.entity';

export function trackingUrl(baseUrl: string, delivery: DeliveryEntity): string {
  return `${baseUrl}/track/${delivery.trackingToken}`;
}

/** The delivery as GET /v1/deliveries/{id} shows it (and as events carry it). */
export function presentDelivery(delivery: DeliveryEntity, baseUrl: string): DeliveryView {
  return {
    id: delivery.id,
    mode: delivery.mode,
    status: delivery.status,
    simulated: delivery.mode === 'test',
    quote_id: delivery.quoteId,
    order_id: delivery.orderId,
    price: delivery.fee,
    fee: delivery.fee,
    currency: delivery.currency,
    external_reference: delivery.externalReference,
    category: delivery.category,
    description: delivery.description,
    metadata: delivery.metadata,
    dropoff_notes: delivery.dropoffNotes,
    tracking_url: trackingUrl(baseUrl, delivery),
    pickup: delivery.pickup,
    dropoff: delivery.dropoff,
    customer: { name: delivery.customer.name, email: delivery.customer.email },
    scheduled_at: delivery.scheduledAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  };
}

export function presentListItem(delivery: DeliveryEntity): DeliveryListItem {
  return {
    id: delivery.id,
    mode: delivery.mode,
    status: delivery.status,
    quote_id: delivery.quoteId,
    order_id: delivery.orderId,
    price: delivery.fee,
    currency: delivery.currency,
    external_reference: delivery.externalReference,
    category: delivery.category,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  };
}
