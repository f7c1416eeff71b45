import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CheckoutRecord, CheckoutRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { processorFailure } from '../processor/processor-errors';
import { checkoutNotCancellable } from './checkout-errors';
import { CheckoutEntity } from './checkout.entity';
import { CheckoutStore } from './checkout.store';

/**
 * POST /v1/checkouts/{id}/cancel. An unpaid checkout's intent is cancelled; a
 * paid one that no delivery uses is refunded in full (once: the refund's key
 * is the checkout's). A checkout a delivery uses or is claiming cannot be
 * cancelled: cancel the delivery instead. Cancelling twice returns the same record.
 */
@Injectable()
export class CancelCheckoutHandler {
  private readonly logger = new Logger(CancelCheckoutHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly store: CheckoutStore,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, checkoutId }: CheckoutRef): Promise<CheckoutRecord> {
    const found = await this.store.find(scope, checkoutId);
    if (found.status === 'cancelled') return this.store.present(found);
    // Held while the processor is asked, so a delivery cannot claim the checkout meanwhile.
    const cancelled = await this.dataSource.transaction(async (manager) => {
      const checkout = await manager.findOne(CheckoutEntity, { where: { id: found.id }, lock: { mode: 'pessimistic_write' } });
      if (!checkout || checkout.status === 'cancelled') return checkout ?? found;
      if (checkout.status === 'used' || checkout.claimedBy !== null) throw checkoutNotCancellable(checkout.status === 'used' ? 'used by a delivery' : 'being used by a delivery');
      const stripe = this.processor.client(checkout.mode);
      try {
        const intent = await stripe.paymentIntents.retrieve(checkout.paymentIntentId);
        if (intent.status === 'succeeded') {
          await stripe.refunds.create(
            { payment_intent: checkout.paymentIntentId, metadata: { checkout_id: checkout.id, reason: 'checkout_cancelled' } },
            { idempotencyKey: `${checkout.id}:cancel_refund` },
          );
        } else if (intent.status !== 'canceled') {
          await stripe.paymentIntents.cancel(checkout.paymentIntentId, {}, { idempotencyKey: `${checkout.id}:cancel` });
        }
      } catch (error) {
        this.logger.warn(`checkout ${checkout.id} not cancelled: ${(error as Error).message}`);
        throw processorFailure(error);
      }
      const now = this.clock.now();
      await manager.update(CheckoutEntity, { id: checkout.id }, { status: 'cancelled', updatedAt: now });
      return Object.assign(checkout, { status: 'cancelled' as const, updatedAt: now });
    });
    return this.store.present(cancelled);
  }
}
