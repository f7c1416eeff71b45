import { EntityManager } from 'typeorm';
import type { RefundReason } from '@sdd/contracts';
import { newId } from '@sdd/common';
import { CheckoutEntity } from '../checkouts/checkout.entity';
import { MoneyMovementEntity } from './money-movement.entity';

export interface CheckoutRefund {
  /** What the processor charged: the refund returns all of it. */
  amount: number;
  currency: string;
  reason: RefundReason;
  /** The processor's refund when it was already made (a cancelled checkout's); otherwise the money movement task makes it. */
  processorId?: string;
}

/**
 * Records the one refund a checkout no delivery used may get, in the caller's
 * transaction (with the checkout's change of status). A second one for the
 * same checkout (its payment event seen again) is ignored: the unique index
 * on the checkout's refund holds it to one.
 */
export async function recordCheckoutRefund(manager: EntityManager, checkout: CheckoutEntity, refund: CheckoutRefund, now: Date): Promise<void> {
  await manager
    .createQueryBuilder()
    .insert()
    .into(MoneyMovementEntity)
    .values({
      id: newId('rf'),
      merchantId: checkout.merchantId,
      mode: checkout.mode,
      deliveryId: null,
      checkoutId: checkout.id,
      kind: 'refund',
      amount: refund.amount,
      currency: refund.currency.toLowerCase(),
      status: refund.processorId ? 'paid' : 'pending',
      reason: refund.reason,
      processorId: refund.processorId ?? null,
      announcedAt: null,
      attempts: refund.processorId ? 1 : 0,
      nextAttemptAt: now,
      lastError: null,
      createdAt: now,
      updatedAt: now,
    })
    .orIgnore()
    .execute();
}
