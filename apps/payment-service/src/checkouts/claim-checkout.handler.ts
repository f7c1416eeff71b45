import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CheckoutClaimRef, PaymentRecord, Pattern } from '@sdd/contracts';
import { AppError, Clock, CLOCK, requestDeadlinePassed } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { feeTierFor, serviceFeeFor } from '../accounts/fee-tier';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { processorFailure } from '../processor/processor-errors';
import { chargeMatchesCheckout } from './checkout-status';
import { checkoutAlreadyUsed, checkoutForAnotherQuote, checkoutNotFound, checkoutNotPaid, paymentAmountMismatch } from './checkout-errors';
import { CheckoutEntity } from './checkout.entity';
import { CheckoutRepository } from './checkout.repository';

const THIRTY_DAYS_MS = 30 * 24 * 3600_000;

/**
 * Delivery-service claims a paid checkout for one delivery (the claimant)
 * before it writes it: one checkout funds one delivery. The PaymentIntent is
 * retrieved again and must have succeeded, for the checkout's amount and
 * currency (an intent changed at the processor funds nothing), whatever the row says. The fee
 * tier of this moment is frozen into the claim. The same claimant may claim
 * again (its retry); the claim lapses unless the delivery confirms it.
 */
@Injectable()
export class ClaimCheckoutHandler {
  private readonly logger = new Logger(ClaimCheckoutHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly checkouts: CheckoutRepository,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) private readonly config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(ref: CheckoutClaimRef): Promise<PaymentRecord> {
    const found = await this.checkouts.find(ref.scope, ref.checkoutId, 'checkout_id');
    if (found.quoteId !== ref.quoteId) throw checkoutForAnotherQuote();
    if (found.claimedBy !== null && found.claimedBy !== ref.claimant) throw checkoutAlreadyUsed();
    if (found.claimedBy === ref.claimant && found.payment) return this.hold(ref, found.payment);

    const intent = await this.processor
      .client(ref.scope.mode)
      .paymentIntents.retrieve(found.paymentIntentId)
      .catch((error: Error) => {
        this.logger.warn(`checkout ${found.id}: payment not verified: ${error.message}`);
        throw processorFailure(error);
      });
    const checkout = await this.checkouts.applyIntent(found, intent);
    if (intent.status !== 'succeeded' || checkout.status !== 'paid') throw checkoutNotPaid();
    if (!chargeMatchesCheckout({ amountReceived: intent.amount_received, currency: intent.currency }, checkout)) {
      this.logger.warn(`checkout ${checkout.id}: the processor charged ${intent.amount_received} ${intent.currency}, not ${checkout.amount} ${checkout.currency}`);
      throw paymentAmountMismatch();
    }

    const deliveries = await this.bus.requestFor(ref.scope, Pattern.CountRecentDeliveries, { since: this.clock.now().getTime() - THIRTY_DAYS_MS });
    const { ratePercent } = feeTierFor(deliveries);
    const { serviceFee, developerNet } = serviceFeeFor(checkout.itemsSubtotal, ratePercent);
    const payment: PaymentRecord = {
      status: 'paid',
      checkoutId: checkout.id,
      paymentIntentId: checkout.paymentIntentId,
      amountCharged: checkout.amount,
      itemsSubtotal: checkout.itemsSubtotal,
      serviceFee,
      developerNet,
      feeRatePercent: ratePercent,
    };
    return this.hold(ref, payment);
  }

  /** Takes (or renews) the claim under the row lock: of two deliveries claiming at once, one wins. */
  private hold(ref: CheckoutClaimRef, payment: PaymentRecord): Promise<PaymentRecord> {
    return this.dataSource.transaction(async (manager) => {
      const checkout = await manager.findOne(CheckoutEntity, {
        where: { id: ref.checkoutId, merchantId: ref.scope.merchantId, mode: ref.scope.mode },
        lock: { mode: 'pessimistic_write' },
      });
      if (!checkout) throw checkoutNotFound('checkout_id');
      if (checkout.claimedBy !== null && checkout.claimedBy !== ref.claimant) throw checkoutAlreadyUsed();
      if (checkout.status !== 'paid' && checkout.status !== 'used') throw checkoutNotPaid();
      const frozen = checkout.claimedBy === ref.claimant && checkout.payment ? checkout.payment : payment;
      const now = this.clock.now();
      await manager.update(
        CheckoutEntity,
        { id: checkout.id },
        {
          claimedBy: ref.claimant,
          claimedUntil: checkout.usedAt ? null : new Date(now.getTime() + this.config.CHECKOUT_CLAIM_HOLD_MS),
          payment: frozen,
          updatedAt: now,
        },
      );
      // A claim its caller no longer waits for would hold the checkout for a delivery nobody writes.
      if (requestDeadlinePassed()) throw AppError.serviceUnavailable('The service is temporarily unavailable. Retry later.');
      return frozen;
    });
  }
}
