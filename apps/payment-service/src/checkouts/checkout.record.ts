import type { CheckoutRecord, RefundRecord } from '@sdd/contracts';
import { checkoutStatus, statusWithRefunds } from './checkout-status';
import { CheckoutEntity } from './checkout.entity';

/** The hosted payment page of a checkout, served by the gateway. */
export function checkoutUrlOf(publicBaseUrl: string, checkoutId: string): string {
  return `${publicBaseUrl}/checkout/${checkoutId}`;
}

export function toCheckoutRecord(
  checkout: CheckoutEntity,
  context: { now: Date; publicBaseUrl: string; publishableKey: string },
  ephemeralKey: string | null = null,
  refunds: RefundRecord[] = [],
): CheckoutRecord {
  const amountRefunded = refunds.filter((refund) => refund.status === 'succeeded').reduce((sum, refund) => sum + refund.amount, 0);
  return {
    id: checkout.id,
    mode: checkout.mode,
    status: statusWithRefunds(checkoutStatus(checkout.status, checkout.expiresAt, context.now), checkout.amount, amountRefunded),
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
    amountRefunded,
    refunds,
    paidAt: checkout.paidAt ? checkout.paidAt.toISOString() : null,
    expiresAt: checkout.expiresAt.toISOString(),
    createdAt: checkout.createdAt.toISOString(),
  };
}
