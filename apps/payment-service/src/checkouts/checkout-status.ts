import type { CheckoutStatus } from '@sdd/contracts';
import type { StoredCheckoutStatus } from './checkout.entity';

/** What the processor says of a PaymentIntent, as far as a checkout cares. */
export interface IntentOutcome {
  status: string;
  lastPaymentError: boolean;
}

/** A checkout as its merchant sees it: an unpaid one past its validity is expired. */
export function checkoutStatus(stored: StoredCheckoutStatus, expiresAt: Date, now: Date): CheckoutStatus {
  if ((stored === 'open' || stored === 'failed') && expiresAt.getTime() <= now.getTime()) return 'expired';
  return stored;
}

/**
 * The stored status after the processor reported on the checkout's intent.
 * Payment is final: a paid, cancelled, expired or used checkout never goes back. A
 * failed attempt leaves the checkout payable (`failed` until a card works).
 */
export function statusAfterIntent(stored: StoredCheckoutStatus, intent: IntentOutcome): StoredCheckoutStatus {
  if (stored === 'paid' || stored === 'used' || stored === 'cancelled' || stored === 'expired') return stored;
  if (intent.status === 'succeeded') return 'paid';
  if (intent.status === 'canceled') return 'cancelled';
  if (intent.status === 'requires_payment_method' && intent.lastPaymentError) return 'failed';
  return stored;
}

/** Whether a checkout can still take a payment. */
export function isPayable(status: CheckoutStatus): boolean {
  return status === 'open' || status === 'failed';
}

/**
 * A used checkout whose delivery's payment went back: `refunded` once all of
 * it did, `partially_refunded` for part (the items of a failed delivery).
 * Other statuses say what happened to the checkout and stay as they are; its
 * `refunds` say where the money went.
 */
export function statusWithRefunds(status: CheckoutStatus, amount: number, amountRefunded: number): CheckoutStatus {
  if (status !== 'used' || amountRefunded <= 0) return status;
  return amountRefunded >= amount ? 'refunded' : 'partially_refunded';
}

/**
 * A payment the processor reports for a checkout that can no longer fund a
 * delivery: cancelled, closed by the expiry pass, or unpaid past its
 * validity. Nobody would use it, so it is refunded.
 */
export function isLatePayment(stored: StoredCheckoutStatus, expiresAt: Date, now: Date): boolean {
  if (stored === 'cancelled' || stored === 'expired') return true;
  return (stored === 'open' || stored === 'failed') && expiresAt.getTime() <= now.getTime();
}

/**
 * What closing an expired, unclaimed checkout takes, by its intent's status:
 * a payment that succeeded is refunded; an intent still payable is cancelled,
 * so no payment can arrive later; one the processor is still settling
 * (`processing` cannot be cancelled) waits for the next pass; a cancelled one needs nothing more.
 */
export type ExpiryAction = 'refund' | 'cancel' | 'wait' | 'close';

export function expiryAction(intentStatus: string): ExpiryAction {
  if (intentStatus === 'succeeded') return 'refund';
  if (intentStatus === 'canceled') return 'close';
  if (intentStatus === 'processing') return 'wait';
  return 'cancel';
}

/** Whether what the processor charged is what the checkout asked for: amount and currency, not only a succeeded status. */
export function chargeMatchesCheckout(charged: { amountReceived: number; currency: string }, checkout: { amount: number; currency: string }): boolean {
  return charged.amountReceived === checkout.amount && charged.currency.toLowerCase() === checkout.currency.toLowerCase();
}
