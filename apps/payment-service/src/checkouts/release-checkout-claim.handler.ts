import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CheckoutClaimRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';

/**
 * The other end of a checkout claim: the delivery could not be written, the
 * checkout is paid and free again. Acts only on the claimant's own claim, so
 * a late or repeated call changes nothing.
 */
@Injectable()
export class ReleaseCheckoutClaimHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, checkoutId, claimant }: CheckoutClaimRef): Promise<{ released: boolean }> {
    const [, affected] = await this.dataSource.query(
      `UPDATE "${this.dataSource.driver.schema}".checkouts SET claimed_by = NULL, claimed_until = NULL, payment = NULL, updated_at = $5
       WHERE id = $1 AND merchant_id = $2 AND mode = $3 AND claimed_by = $4 AND used_at IS NULL`,
      [checkoutId, scope.merchantId, scope.mode, claimant, this.clock.now()],
    );
    return { released: affected === 1 };
  }
}
