import { Inject, Injectable } from '@nestjs/common';
import Stripe from 'stripe';
import { CheckoutRecord, PayTestCheckoutRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { processorFailure } from '../processor/processor-errors';
import { checkoutStatus, isPayable } from './checkout-status';
import { checkoutNotPayable, testModeOnly, unknownTestCard } from './checkout-errors';
import { CheckoutRepository } from './checkout.repository';
import { checkoutUrlOf } from './checkout.record';
import { TEST_CARD_NUMBERS, testPaymentMethodFor } from './test-cards';
import { APP_CONFIG } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';

/**
 * POST /v1/test_helpers/checkouts/{id}/pay: pays a test checkout with a test
 * card, as the hosted page would, without a browser. A declined card answers
 * 402 and leaves the checkout payable; the 3-D Secure card leaves it open,
 * waiting for the customer's step on the hosted page.
 */
@Injectable()
export class PayTestCheckoutHandler {
  constructor(
    private readonly checkouts: CheckoutRepository,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(APP_CONFIG) private readonly config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, checkoutId, card }: PayTestCheckoutRequest): Promise<CheckoutRecord> {
    if (scope.mode !== 'test') throw testModeOnly();
    const paymentMethod = testPaymentMethodFor(card);
    if (!paymentMethod) throw unknownTestCard(TEST_CARD_NUMBERS);
    let checkout = await this.checkouts.find(scope, checkoutId);
    const status = checkoutStatus(checkout.status, checkout.expiresAt, this.clock.now());
    if (!isPayable(status)) throw checkoutNotPayable(status);
    const stripe = this.processor.client(scope.mode);
    try {
      const intent = await stripe.paymentIntents.confirm(checkout.paymentIntentId, {
        payment_method: paymentMethod,
        return_url: checkoutUrlOf(this.config.PUBLIC_BASE_URL, checkout.id),
      });
      checkout = await this.checkouts.applyIntent(checkout, intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) await this.checkouts.refresh(checkout).catch(() => checkout);
      throw processorFailure(error);
    }
    return this.checkouts.present(checkout);
  }
}
