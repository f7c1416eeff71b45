import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { ErrorCode, Mode, Pattern } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, OneReplicaTask } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { ConfirmCheckoutClaimHandler } from './confirm-checkout-claim.handler';
import { ReleaseCheckoutClaimHandler } from './release-checkout-claim.handler';

const BATCH = 100;

interface LapsedClaim {
  id: string;
  merchant_id: string;
  mode: Mode;
  quote_id: string;
  claimed_by: string;
}

/**
 * A claim whose delivery never confirmed it (delivery-service died between
 * the claim and its commit, or the confirmation was lost) would keep a paid
 * checkout unusable. Once the hold lapses, one replica at a time asks
 * delivery-service whether the claimant delivery exists: if so the checkout
 * is used, if not it is free again. No answer, no change.
 */
@Injectable()
export class CheckoutClaimReconciliationTask extends OneReplicaTask {
  constructor(
    private readonly dataSource: DataSource,
    private readonly confirmClaim: ConfirmCheckoutClaimHandler,
    private readonly releaseClaim: ReleaseCheckoutClaimHandler,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'checkout claim reconciliation', intervalMs: config.CHECKOUT_RECONCILE_INTERVAL_MS, dataSource, lock: `checkout-claims:${dataSource.driver.schema}` });
  }

  protected async passHoldingLock(manager: EntityManager): Promise<void> {
    const lapsed: LapsedClaim[] = await manager.query(
      `SELECT id, merchant_id, mode, quote_id, claimed_by FROM "${this.dataSource.driver.schema}".checkouts
       WHERE claimed_by IS NOT NULL AND used_at IS NULL AND claimed_until < $1
       ORDER BY claimed_until LIMIT $2`,
      [this.clock.now(), BATCH],
    );
    for (const claim of lapsed) {
      const scope = { merchantId: claim.merchant_id, mode: claim.mode };
      const ref = { scope, checkoutId: claim.id, quoteId: claim.quote_id, claimant: claim.claimed_by };
      const exists = await this.deliveryFunded(scope, claim.claimed_by, claim.id);
      if (exists === undefined) return;
      const settled = exists ? (await this.confirmClaim.execute(ref)).confirmed : (await this.releaseClaim.execute(ref)).released;
      if (settled) this.logger.warn(`checkout ${claim.id}: lapsed claim of ${claim.claimed_by} ${exists ? 'confirmed' : 'released'}`);
    }
  }

  /** Whether the claimant delivery exists and this checkout funds it; undefined when delivery-service cannot say (nothing is settled on a guess). */
  private async deliveryFunded(scope: { merchantId: string; mode: Mode }, deliveryId: string, checkoutId: string): Promise<boolean | undefined> {
    try {
      const delivery = await this.bus.request(Pattern.GetDelivery, { scope, deliveryId });
      return delivery.payment?.checkoutId === checkoutId;
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.ResourceMissing) return false;
      this.logger.warn(`delivery-service could not say whether ${deliveryId} exists: ${(error as Error).message}`);
      return undefined;
    }
  }
}
