import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, OneReplicaTask } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { recordCheckoutRefund } from '../money-movements/checkout-refund';
import { MoneyMovementTask } from '../money-movements/money-movement.task';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { expiryAction } from './checkout-status';
import { CheckoutEntity } from './checkout.entity';

const BATCH = 100;

/** The stored statuses a checkout no delivery claimed can have before it is closed. */
const CLOSABLE = ['open', 'failed', 'paid'];

/**
 * A checkout past its validity that no delivery claimed is closed, one
 * replica at a time (advisory lock, every CHECKOUT_EXPIRY_INTERVAL_MS): its
 * PaymentIntent is cancelled at the processor, so no payment can arrive
 * later, or, when a payment did arrive (paid but never used, or paid just
 * now), that payment is refunded in full. Each checkout is closed under its
 * row lock, so a delivery claiming it at the same moment either wins (and the
 * checkout is left alone) or finds it expired. A processor that cannot answer
 * leaves the checkout for the next pass.
 */
@Injectable()
export class CheckoutExpiryTask extends OneReplicaTask {
  constructor(
    private readonly dataSource: DataSource,
    private readonly moneyMovements: MoneyMovementTask,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(APP_CONFIG) config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'checkout expiry', intervalMs: config.CHECKOUT_EXPIRY_INTERVAL_MS, dataSource, lock: `checkout-expiry:${dataSource.driver.schema}` });
  }

  protected async passHoldingLock(manager: EntityManager): Promise<void> {
    const expired: Array<{ id: string }> = await manager.query(
      `SELECT id FROM "${this.dataSource.driver.schema}".checkouts
       WHERE status = ANY($1) AND claimed_by IS NULL AND expires_at <= $2
       ORDER BY expires_at LIMIT $3`,
      [CLOSABLE, this.clock.now(), BATCH],
    );
    let refunded = false;
    for (const { id } of expired) {
      try {
        refunded = (await this.close(id)) || refunded;
      } catch (error) {
        this.logger.warn(`checkout ${id} not closed at expiry, tried again next pass: ${(error as Error).message}`);
      }
    }
    if (refunded) this.moneyMovements.poke();
  }

  /** True when a refund was recorded for the money movement task to make. */
  private close(checkoutId: string): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const checkout = await manager.findOne(CheckoutEntity, { where: { id: checkoutId }, lock: { mode: 'pessimistic_write' } });
      if (!checkout || checkout.claimedBy !== null || !CLOSABLE.includes(checkout.status)) return false;
      const stripe = this.processor.client(checkout.mode);
      let intent = await stripe.paymentIntents.retrieve(checkout.paymentIntentId);
      const action = expiryAction(intent.status);
      if (action === 'wait') return false;
      if (action === 'cancel') {
        // Fails if the payment succeeded meanwhile: the next pass finds it succeeded and refunds it.
        intent = await stripe.paymentIntents.cancel(checkout.paymentIntentId, { cancellation_reason: 'abandoned' }, { idempotencyKey: `${checkout.id}:expire` });
      }
      const now = this.clock.now();
      if (action === 'refund') {
        await recordCheckoutRefund(manager, checkout, { amount: intent.amount_received, currency: intent.currency, reason: 'checkout_expired' }, now);
      }
      await manager.update(CheckoutEntity, { id: checkout.id }, { status: 'expired', updatedAt: now });
      return action === 'refund';
    });
  }
}
