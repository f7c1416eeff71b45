import { Injectable } from '@nestjs/common';
import { CheckoutRecord, CheckoutRef } from '@sdd/contracts';
import { isPayable } from './checkout-status';
import { CheckoutRepository } from './checkout.repository';

/**
 * GET /v1/checkouts/{id}. A checkout still waiting for its payment asks the
 * processor first, so the answer holds even when its event has not arrived yet.
 */
@Injectable()
export class GetCheckoutHandler {
  constructor(private readonly checkouts: CheckoutRepository) {}

  async execute({ scope, checkoutId }: CheckoutRef): Promise<CheckoutRecord> {
    let checkout = await this.checkouts.find(scope, checkoutId);
    if (isPayable(checkout.status)) checkout = await this.checkouts.refresh(checkout).catch(() => checkout);
    return this.checkouts.presentWithRefunds(checkout);
  }
}
