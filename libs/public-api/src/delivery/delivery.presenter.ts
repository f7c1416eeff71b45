import type { DeliveryRecord, DeliveryRecordPage, ProofRecord } from '@sdd/contracts';
import { presentDeliveryStop } from '../address/address.presenter';
import { presentPayment } from '../payment/payment.presenter';
import { presentQuoteRepricing } from '../quote/quote.presenter';
import { presentRefund } from '../refund/refund.presenter';
import type { CreatedDeliveryResource, DeliveryListItemResource, DeliveryListResource, DeliveryProofResource, DeliveryResource } from './delivery.resource';

/**
 * The delivery as GET /v1/deliveries/{id} shows it. Events carry exactly this
 * (delivery-service freezes it into each event with this function), so the
 * webhook body, GET /v1/events and the delivery itself cannot drift apart.
 */
export function presentDelivery(delivery: DeliveryRecord): DeliveryResource {
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
    tracking_url: delivery.trackingUrl,
    pickup: presentDeliveryStop(delivery.pickup),
    dropoff: presentDeliveryStop(delivery.dropoff),
    customer: { name: delivery.customer.name, email: delivery.customer.email },
    scheduled_at: delivery.scheduledAt,
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
    ...(delivery.driver ? { driver: { ...delivery.driver } } : {}),
    ...(delivery.refund ? { refund: presentRefund(delivery.refund) } : {}),
  };
}

/**
 * The delivery as its creation answered it (a test one reports "simulated"
 * and its timeline), whatever happened to it since: a retry of the creation
 * gets the same answer. A delivery a checkout funds shows its payment here only
 * (the contract's Payment object belongs to the creation response).
 */
export function presentCreatedDelivery(delivery: DeliveryRecord): CreatedDeliveryResource {
  const presented = {
    ...presentDelivery({ ...delivery, status: 'created', updatedAt: delivery.createdAt }),
    quote_repricing: delivery.quoteRepricing ? presentQuoteRepricing(delivery.quoteRepricing) : null,
  };
  const asCreated = delivery.payment ? { ...presented, payment: presentPayment(delivery.payment) } : presented;
  if (delivery.mode === 'live') return asCreated;
  return { ...asCreated, status: 'simulated', simulated_timeline: delivery.simulatedTimeline ?? undefined };
}

export function presentDeliveryListItem(delivery: DeliveryRecord): DeliveryListItemResource {
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
    created_at: delivery.createdAt,
    updated_at: delivery.updatedAt,
  };
}

export function presentDeliveryList(page: DeliveryRecordPage): DeliveryListResource {
  return { data: page.data.map(presentDeliveryListItem), has_more: page.hasMore, next_cursor: page.nextCursor };
}

/** A signed URL for a stored photo, valid until the given time. */
export type PhotoUrlSigner = (key: string) => { url: string; expiresAt: Date };

export function presentDeliveryProof(proof: ProofRecord, signUrl: PhotoUrlSigner): DeliveryProofResource {
  return {
    delivery_id: proof.deliveryId,
    delivered_at: proof.deliveredAt,
    recipient_name: proof.recipientName,
    pin_verified: proof.pinVerified,
    id_checked: proof.idChecked,
    photos: proof.photos.map((photo) => {
      const signed = signUrl(photo.key);
      return {
        url: signed.url,
        url_expires_at: signed.expiresAt.toISOString(),
        content_type: photo.contentType,
        size: photo.bytes,
        sha256: photo.sha256,
        uploaded_at: photo.uploadedAt,
      };
    }),
  };
}
