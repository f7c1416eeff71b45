import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CheckoutRecord, CheckoutRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { recordCheckoutRefund } from '../money-movements/checkout-refund';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { processorFailure } from '../processor/processor-errors';
import { checkoutNotCancellable } from './checkout-errors';
import { CheckoutEntity } from './checkout.entity';
import { CheckoutRepository } from './checkout.repository';

/**
 * POST /v1/checkouts/{id}/cancel. An unpaid checkout's intent is cancelled; a
 * paid one that no delivery uses is refunded in full (once: the refund's key
 * is the checkout's). A checkout a delivery uses or is claiming cannot be
 * cancelled: cancel the delivery instead. Cancelling twice returns the same record.
 * The refund is recorded with the cancellation (GET /v1/refunds, the checkout's `refunds`).
 */
@Injectable()
export class CancelCheckoutHandler {
  private readonly logger = new Logger(CancelCheckoutHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly checkouts: CheckoutRepository,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, checkoutId }: CheckoutRef): Promise<CheckoutRecord> {
    const found = await this.checkouts.find(scope, checkoutId);
    if (found.status === 'cancelled') return this.checkouts.presentWithRefunds(found);
    // Held while the processor is asked, so a delivery cannot claim the checkout meanwhile.
    const cancelled = await this.dataSource.transaction(async (manager) => {
      const checkout = await manager.findOne(CheckoutEntity, { where: { id: found.id }, lock: { mode: 'pessimistic_write' } });
      if (!checkout || checkout.status === 'cancelled') return checkout ?? found;
      if (checkout.status === 'used' || checkout.claimedBy !== null) throw checkoutNotCancellable(checkout.status === 'used' ? 'used by a delivery' : 'being used by a delivery');
      // Its expiry already cancelled the intent or refunded the payment.
      if (checkout.status === 'expired') throw checkoutNotCancellable('expired');
      const stripe = this.processor.client(checkout.mode);
      const now = this.clock.now();
      try {
        const intent = await stripe.paymentIntents.retrieve(checkout.paymentIntentId);
        if (intent.status === 'succeeded') {
          const refund = await stripe.refunds.create(
            { payment_intent: checkout.paymentIntentId, metadata: { checkout_id: checkout.id, reason: 'checkout_cancelled' } },
            { idempotencyKey: `${checkout.id}:cancel_refund` },
          );
          await recordCheckoutRefund(manager, checkout, { amount: refund.amount, currency: refund.currency, reason: 'checkout_cancelled', processorId: refund.id }, now);
        } else if (intent.status !== 'canceled') {
          await stripe.paymentIntents.cancel(checkout.paymentIntentId, {}, { idempotencyKey: `${checkout.id}:cancel` });
        }
      } catch (error) {
        this.logger.warn(`checkout ${checkout.id} not cancelled: ${(error as Error).message}`);
        throw processorFailure(error);
      }
      await manager.update(CheckoutEntity, { id: checkout.id }, { status: 'cancelled', updatedAt: now });
      return Object.assign(checkout, { status: 'cancelled' as const, updatedAt: now });
    });
    return this.checkouts.presentWithRefunds(cancelled);
  }
}
