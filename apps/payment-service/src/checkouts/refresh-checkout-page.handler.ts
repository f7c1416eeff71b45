import { Injectable } from '@nestjs/common';
import { CheckoutPage, CheckoutPageRequest } from '@sdd/contracts';
import { processorFailure } from '../processor/processor-errors';
import { isPayable } from './checkout-status';
import { CheckoutRepository } from './checkout.repository';

/**
 * The payment page again, after the browser confirmed the payment with the
 * processor: the checkout learns the outcome at once, without waiting for
 * the processor's event.
 */
@Injectable()
export class RefreshCheckoutPageHandler {
  constructor(private readonly checkouts: CheckoutRepository) {}

  async execute({ checkoutId }: CheckoutPageRequest): Promise<CheckoutPage> {
    const checkout = await this.checkouts.getById(checkoutId);
    if (!isPayable(checkout.status)) return this.checkouts.presentPage(checkout);
    try {
      return this.checkouts.presentPage(await this.checkouts.refresh(checkout));
    } catch (error) {
      throw processorFailure(error);
    }
  }
}
