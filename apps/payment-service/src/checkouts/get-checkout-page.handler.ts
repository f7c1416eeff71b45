import { Injectable } from '@nestjs/common';
import { CheckoutPage, CheckoutPageRequest } from '@sdd/contracts';
import { CheckoutRepository } from './checkout.repository';

/** What the hosted payment page needs, reached by the checkout id alone (an unguessable id, handed by the merchant to its customer). */
@Injectable()
export class GetCheckoutPageHandler {
  constructor(private readonly checkouts: CheckoutRepository) {}

  async execute({ checkoutId }: CheckoutPageRequest): Promise<CheckoutPage> {
    return this.checkouts.presentPage(await this.checkouts.getById(checkoutId));
  }
}
