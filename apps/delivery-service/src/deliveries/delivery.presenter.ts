import { CreatedDeliveryView, DeliveryListItem, DeliveryView } from '@sdd/contracts';
import { presentDeliveryStop } from '@sdd/public-api';
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
    pickup: presentDeliveryStop(delivery.pickup),
    dropoff: presentDeliveryStop(delivery.dropoff),
    customer: { name: delivery.customer.name, email: delivery.customer.email },
    scheduled_at: delivery.scheduledAt?.toISOString() ?? null,
    created_at: delivery.createdAt.toISOString(),
    updated_at: delivery.updatedAt.toISOString(),
  };
}

/**
 * The delivery as its creation answered it (status "simulated", with its
 * timeline), whatever happened to it since: a retry of the creation gets the
 * same answer.
 */
export function presentCreatedDelivery(delivery: DeliveryEntity, baseUrl: string): CreatedDeliveryView {
  const asCreated = presentDelivery({ ...delivery, status: 'created', updatedAt: delivery.createdAt }, baseUrl);
  return { ...asCreated, status: 'simulated', simulated_timeline: delivery.simulatedTimeline ?? undefined };
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
