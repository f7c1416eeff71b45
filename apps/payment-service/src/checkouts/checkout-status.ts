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
 * Payment is final: a paid, cancelled or used checkout never goes back. A
 * failed attempt leaves the checkout payable (`failed` until a card works).
 */
export function statusAfterIntent(stored: StoredCheckoutStatus, intent: IntentOutcome): StoredCheckoutStatus {
  if (stored === 'paid' || stored === 'used' || stored === 'cancelled') return stored;
  if (intent.status === 'succeeded') return 'paid';
  if (intent.status === 'canceled') return 'cancelled';
  if (intent.status === 'requires_payment_method' && intent.lastPaymentError) return 'failed';
  return stored;
}

/** Whether a checkout can still take a payment. */
export function isPayable(status: CheckoutStatus): boolean {
  return status === 'open' || status === 'failed';
}
