import { Injectable } from '@nestjs/common';
import { CheckoutRecord, CheckoutRef } from '@sdd/contracts';
import { isPayable } from './checkout-status';
import { CheckoutStore } from './checkout.store';

/**
 * GET /v1/checkouts/{id}. A checkout still waiting for its payment asks the
 * processor first, so the answer holds even when its event has not arrived yet.
 */
@Injectable()
export class GetCheckoutHandler {
  constructor(private readonly store: CheckoutStore) {}

  async execute({ scope, checkoutId }: CheckoutRef): Promise<CheckoutRecord> {
    let checkout = await this.store.find(scope, checkoutId);
    if (isPayable(checkout.status)) checkout = await this.store.refresh(checkout).catch(() => checkout);
    return this.store.presentWithRefunds(checkout);
  }
}
