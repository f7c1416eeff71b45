import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CheckoutCustomer, Mode, PaymentRecord } from '@sdd/contracts';

/**
 * The statuses kept in the row. `expired` is kept once the expiry pass closed
 * the checkout (intent cancelled, or payment refunded); before that it is
 * derived from expires_at when read. `refunded` is derived from the refunds.
 */
export type StoredCheckoutStatus = 'open' | 'paid' | 'failed' | 'cancelled' | 'used' | 'expired';

@Entity({ name: 'checkouts' })
export class CheckoutEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  mode!: Mode;

  @Column({ name: 'quote_id', type: 'text' })
  quoteId!: string;

  @Column({ type: 'text' })
  status!: StoredCheckoutStatus;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ name: 'delivery_fee', type: 'integer' })
  deliveryFee!: number;

  @Column({ name: 'items_subtotal', type: 'integer' })
  itemsSubtotal!: number;

  @Column({ type: 'integer' })
  amount!: number;

  /** The processor's customer. */
  @Column({ name: 'customer_id', type: 'text' })
  customerId!: string;

  @Column({ type: 'jsonb' })
  customer!: CheckoutCustomer;

  @Column({ name: 'payment_intent_id', type: 'text' })
  paymentIntentId!: string;

  @Column({ name: 'client_secret', type: 'text' })
  clientSecret!: string;

  @Column({ name: 'success_url', type: 'text', nullable: true })
  successUrl!: string | null;

  @Column({ name: 'cancel_url', type: 'text', nullable: true })
  cancelUrl!: string | null;

  /** The delivery that claimed it; set with the claim, kept once the delivery confirms. */
  @Column({ name: 'claimed_by', type: 'text', nullable: true })
  claimedBy!: string | null;

  @Column({ name: 'claimed_until', type: 'timestamptz', nullable: true })
  claimedUntil!: Date | null;

  /** When the payment's success was recorded; set once, when the status became `paid`, and kept. */
  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;

  @Column({ name: 'used_at', type: 'timestamptz', nullable: true })
  usedAt!: Date | null;

  /** The delivery's money, frozen when it claimed the checkout (fee tier of that moment). */
  @Column({ type: 'jsonb', nullable: true })
  payment!: PaymentRecord | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
