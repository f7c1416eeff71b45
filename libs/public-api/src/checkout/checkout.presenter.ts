import type { CheckoutRecord, CheckoutRecordPage } from '@sdd/contracts';
import { presentRefund } from '../refund/refund.presenter';
import type { CheckoutListResource, CheckoutResource } from './checkout.resource';

export function presentCheckout(checkout: CheckoutRecord): CheckoutResource {
  return {
    checkout_id: checkout.id,
    mode: checkout.mode,
    status: checkout.status,
    checkout_url: checkout.checkoutUrl,
    client_secret: checkout.clientSecret,
    payment_intent_id: checkout.paymentIntentId,
    customer: checkout.customer,
    ephemeral_key: checkout.ephemeralKey,
    publishable_key: checkout.publishableKey,
    quote_id: checkout.quoteId,
    currency: checkout.currency,
    amount: checkout.amount,
    delivery_fee: checkout.deliveryFee,
    items_subtotal: checkout.itemsSubtotal,
    success_url: checkout.successUrl,
    cancel_url: checkout.cancelUrl,
    delivery_id: checkout.deliveryId,
    amount_refunded: checkout.amountRefunded,
    refunds: checkout.refunds.map(presentRefund),
    paid_at: checkout.paidAt,
    expires_at: checkout.expiresAt,
    created_at: checkout.createdAt,
  };
}

export function presentCheckoutList(page: CheckoutRecordPage): CheckoutListResource {
  return { data: page.data.map(presentCheckout), has_more: page.hasMore, next_cursor: page.nextCursor };
}
