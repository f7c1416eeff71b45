import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CheckoutClaimRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';

/**
 * One end of a checkout claim: the delivery is written, the checkout is used
 * for good. Acts only on the claimant's own claim, so a late or repeated call
 * changes nothing.
 */
@Injectable()
export class ConfirmCheckoutClaimHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, checkoutId, claimant }: CheckoutClaimRef): Promise<{ confirmed: boolean }> {
    const [, affected] = await this.dataSource.query(
      `UPDATE "${this.dataSource.driver.schema}".checkouts SET status = 'used', used_at = $5, claimed_until = NULL, updated_at = $5
       WHERE id = $1 AND merchant_id = $2 AND mode = $3 AND claimed_by = $4 AND used_at IS NULL`,
      [checkoutId, scope.merchantId, scope.mode, claimant, this.clock.now()],
    );
    return { confirmed: affected === 1 };
  }
}
