import { Inject, Injectable } from '@nestjs/common';
import { CheckoutPage, CheckoutPageRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { processorFailure } from '../processor/processor-errors';
import { checkoutStatus, isPayable } from './checkout-status';
import { checkoutNotFound } from './checkout-errors';
import { CheckoutEntity } from './checkout.entity';
import { CheckoutRepository } from './checkout.repository';

/**
 * What the hosted payment page needs, reached by the checkout id alone (an
 * unguessable id, handed by the merchant to its customer). `refresh` runs
 * after the browser confirmed the payment with the processor: the checkout
 * learns the outcome at once, without waiting for the processor's event.
 */
@Injectable()
export class CheckoutPageHandler {
  constructor(
    private readonly checkouts: CheckoutRepository,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async get({ checkoutId }: CheckoutPageRequest): Promise<CheckoutPage> {
    return this.page(await this.find(checkoutId));
  }

  async refresh({ checkoutId }: CheckoutPageRequest): Promise<CheckoutPage> {
    const checkout = await this.find(checkoutId);
    if (!isPayable(checkout.status)) return this.page(checkout);
    try {
      return this.page(await this.checkouts.refresh(checkout));
    } catch (error) {
      throw processorFailure(error);
    }
  }

  private async find(checkoutId: string): Promise<CheckoutEntity> {
    const checkout = await this.checkouts.findById(checkoutId);
    if (!checkout) throw checkoutNotFound();
    return checkout;
  }

  private page(checkout: CheckoutEntity): CheckoutPage {
    return {
      checkoutId: checkout.id,
      merchantId: checkout.merchantId,
      mode: checkout.mode,
      status: checkoutStatus(checkout.status, checkout.expiresAt, this.clock.now()),
      amount: checkout.amount,
      deliveryFee: checkout.deliveryFee,
      itemsSubtotal: checkout.itemsSubtotal,
      currency: checkout.currency,
      paymentIntentId: checkout.paymentIntentId,
      clientSecret: checkout.clientSecret,
      publishableKey: this.processor.publishableKey(checkout.mode),
      processorUrl: this.processor.browserApiUrl,
      successUrl: checkout.successUrl,
      cancelUrl: checkout.cancelUrl,
    };
  }
}
