import type { CheckoutRecord } from '@sdd/contracts';
import { checkoutStatus } from './checkout-status';
import { CheckoutEntity } from './checkout.entity';

/** The hosted payment page of a checkout, served by the gateway. */
export function checkoutUrlOf(publicBaseUrl: string, checkoutId: string): string {
  return `${publicBaseUrl}/checkout/${checkoutId}`;
}

export function toCheckoutRecord(
  checkout: CheckoutEntity,
  context: { now: Date; publicBaseUrl: string; publishableKey: string },
  ephemeralKey: string | null = null,
): CheckoutRecord {
  return {
    id: checkout.id,
    mode: checkout.mode,
    status: checkoutStatus(checkout.status, checkout.expiresAt, context.now),
    checkoutUrl: checkoutUrlOf(context.publicBaseUrl, checkout.id),
    clientSecret: checkout.clientSecret,
    paymentIntentId: checkout.paymentIntentId,
    customer: checkout.customerId,
    ephemeralKey,
    publishableKey: context.publishableKey,
    quoteId: checkout.quoteId,
    currency: checkout.currency,
    amount: checkout.amount,
    deliveryFee: checkout.deliveryFee,
    itemsSubtotal: checkout.itemsSubtotal,
    successUrl: checkout.successUrl,
    cancelUrl: checkout.cancelUrl,
    deliveryId: checkout.usedAt ? checkout.claimedBy : null,
    expiresAt: checkout.expiresAt.toISOString(),
    createdAt: checkout.createdAt.toISOString(),
  };
}
