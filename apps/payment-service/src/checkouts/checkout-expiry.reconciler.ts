import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, RepeatingTask, withReplicaLock } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { recordCheckoutRefund } from '../payouts/checkout-refund';
import { MoneyMovementExecutor } from '../payouts/money-movement.executor';
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
export class CheckoutExpiryReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CheckoutExpiryReconciler.name);
  private readonly task: RepeatingTask<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly executor: MoneyMovementExecutor,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(APP_CONFIG) config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.task = new RepeatingTask('checkout expiry', config.CHECKOUT_EXPIRY_INTERVAL_MS, () => this.expire(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  private async expire(): Promise<void> {
    const schema = this.dataSource.driver.schema;
    let refunded = false;
    await withReplicaLock(this.dataSource, `checkout-expiry:${schema}`, async (manager) => {
      const expired: Array<{ id: string }> = await manager.query(
        `SELECT id FROM "${schema}".checkouts
         WHERE status = ANY($1) AND claimed_by IS NULL AND expires_at <= $2
         ORDER BY expires_at LIMIT $3`,
        [CLOSABLE, this.clock.now(), BATCH],
      );
      for (const { id } of expired) {
        try {
          refunded = (await this.close(id)) || refunded;
        } catch (error) {
          this.logger.warn(`checkout ${id} not closed at expiry, tried again next pass: ${(error as Error).message}`);
        }
      }
    });
    if (refunded) this.executor.poke();
  }

  /** True when a refund was recorded for the executor to make. */
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
