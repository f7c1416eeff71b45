import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CheckoutClaimRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';

/**
 * The two ends of a checkout claim. Confirm: the delivery is written, the
 * checkout is used for good. Release: the delivery could not be written, the
 * checkout is paid and free again. Both act only on the claimant's own
 * claim, so a late or repeated call changes nothing.
 */
@Injectable()
export class SettleCheckoutClaimHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async confirm({ scope, checkoutId, claimant }: CheckoutClaimRef): Promise<{ confirmed: boolean }> {
    const [, affected] = await this.dataSource.query(
      `UPDATE ${this.table} SET status = 'used', used_at = $5, claimed_until = NULL, updated_at = $5
       WHERE id = $1 AND merchant_id = $2 AND mode = $3 AND claimed_by = $4 AND used_at IS NULL`,
      [checkoutId, scope.merchantId, scope.mode, claimant, this.clock.now()],
    );
    return { confirmed: affected === 1 };
  }

  async release({ scope, checkoutId, claimant }: CheckoutClaimRef): Promise<{ released: boolean }> {
    const [, affected] = await this.dataSource.query(
      `UPDATE ${this.table} SET claimed_by = NULL, claimed_until = NULL, payment = NULL, updated_at = $5
       WHERE id = $1 AND merchant_id = $2 AND mode = $3 AND claimed_by = $4 AND used_at IS NULL`,
      [checkoutId, scope.merchantId, scope.mode, claimant, this.clock.now()],
    );
    return { released: affected === 1 };
  }

  private get table(): string {
    return `"${this.dataSource.driver.schema}".checkouts`;
  }
}
