import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { Mode, PayoutStatus, RefundReason } from '@sdd/contracts';
import type { MovementKind } from './money-movement';

/**
 * One transfer or refund a delivery owes (at most one of each kind per
 * delivery), or the refund of a checkout no delivery used (at most one per checkout).
 */
@Entity({ name: 'money_movements' })
export class MoneyMovementEntity {
  @PrimaryColumn({ type: 'text' })
  id!: string;

  @Column({ name: 'merchant_id', type: 'text' })
  merchantId!: string;

  @Column({ type: 'text' })
  mode!: Mode;

  /** Null for the refund of a checkout no delivery used. */
  @Column({ name: 'delivery_id', type: 'text', nullable: true })
  deliveryId!: string | null;

  @Column({ name: 'checkout_id', type: 'text' })
  checkoutId!: string;

  @Column({ type: 'text' })
  kind!: MovementKind;

  @Column({ type: 'integer' })
  amount!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'text' })
  status!: PayoutStatus;

  /** Why a refund is made; null for a transfer. */
  @Column({ type: 'text', nullable: true })
  reason!: RefundReason | null;

  /** When delivery-service recorded a delivery's refund (and its delivery.refunded event); null until then. */
  @Column({ name: 'announced_at', type: 'timestamptz', nullable: true })
  announcedAt!: Date | null;

  /** The processor's transfer or refund id once it is made. */
  @Column({ name: 'processor_id', type: 'text', nullable: true })
  processorId!: string | null;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** When the processor refused it for good; null unless failed. */
  @Column({ name: 'failed_at', type: 'timestamptz', nullable: true })
  failedAt!: Date | null;

  /** How often an operator put it back to be tried again: each round asks the processor under a key of its own. */
  @Column({ type: 'integer', default: 0 })
  retries!: number;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
