import type { Mode } from '../scope/scope';

/**
 * A checkout's life: paid once, used by one delivery; `failed` stays payable
 * until it expires. A used checkout whose delivery's payment went back is
 * `refunded` (all of it) or `partially_refunded` (the items of a failed or
 * returned delivery).
 */
export const CHECKOUT_STATUSES = ['open', 'paid', 'failed', 'expired', 'cancelled', 'used', 'refunded', 'partially_refunded'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** A checkout as payment-service keeps it; the gateway presents it as the contract's Checkout. */
export interface CheckoutRecord {
  id: string;
  mode: Mode;
  status: CheckoutStatus;
  checkoutUrl: string;
  clientSecret: string;
  paymentIntentId: string;
  customer: string;
  /** Only in the answer to the creation that asked for it (stripe_version); never stored. */
  ephemeralKey: string | null;
  publishableKey: string;
  quoteId: string;
  currency: string;
  amount: number;
  deliveryFee: number;
  itemsSubtotal: number;
  successUrl: string | null;
  cancelUrl: string | null;
  deliveryId: string | null;
  /** What went back to the customer so far (refunds the processor made), in cents. */
  amountRefunded: number;
  /** Every refund of this checkout's payment, oldest first. */
  refunds: RefundRecord[];
  /** When payment-service recorded the payment's success (the processor's event or a refresh, whichever came first); null until paid. */
  paidAt: string | null;
  expiresAt: string;
  createdAt: string;
}

export interface CheckoutCustomer {
  name: string | null;
  email: string | null;
  phone: string | null;
}

export interface CreateCheckoutReply {
  checkout: CheckoutRecord;
  replayed: boolean;
}

/** What the hosted payment page shows and needs to take the payment. */
export interface CheckoutPage {
  checkoutId: string;
  merchantId: string;
  mode: Mode;
  status: CheckoutStatus;
  amount: number;
  deliveryFee: number;
  itemsSubtotal: number;
  currency: string;
  paymentIntentId: string;
  clientSecret: string;
  publishableKey: string;
  /** The local Stripe-compatible server's address for the browser; null with real Stripe (the page loads Stripe.js). */
  processorUrl: string | null;
  successUrl: string | null;
  cancelUrl: string | null;
}

/** The money of one delivery, frozen when the checkout is claimed. */
export interface PaymentRecord {
  status: 'paid';
  checkoutId: string;
  paymentIntentId: string;
  amountCharged: number;
  itemsSubtotal: number;
  serviceFee: number;
  developerNet: number;
  feeRatePercent: number;
}

export interface ConnectLinkRecord {
  url: string;
  expiresAt: string;
  accountId: string;
  status: 'not_connected' | 'pending' | 'connected';
  chargesEnabled: boolean;
  payoutsEnabled: boolean;
}

export const PAYOUT_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

/** A transfer of a delivery's developer_net to the merchant's connected account. */
export interface PayoutRecord {
  id: string;
  deliveryId: string;
  checkoutId: string;
  amount: number;
  currency: string;
  status: PayoutStatus;
  transferId: string | null;
  createdAt: string;
}

/** GET /v1/checkouts: newest first, each with its refunds. */
export interface CheckoutRecordPage {
  data: CheckoutRecord[];
  hasMore: boolean;
  nextCursor: string | null;
}

export interface PayoutRecordPage {
  data: PayoutRecord[];
  hasMore: boolean;
  nextCursor: string | null;
}

/** Why money went back to the customer. */
export const REFUND_REASONS = ['delivery_cancelled', 'delivery_failed', 'delivery_returned', 'checkout_cancelled', 'checkout_expired', 'late_payment'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Money going back to the customer: of a delivery's payment, or of a checkout no delivery used. */
export interface RefundRecord {
  id: string;
  /** The delivery whose payment it returns; null for a checkout no delivery used (cancelled, expired, paid late). */
  deliveryId: string | null;
  checkoutId: string;
  amount: number;
  currency: string;
  reason: RefundReason;
  status: RefundStatus;
  /** The processor's refund, once made. */
  processorRefundId: string | null;
  createdAt: string;
}

export interface RefundRecordPage {
  data: RefundRecord[];
  hasMore: boolean;
  nextCursor: string | null;
}
