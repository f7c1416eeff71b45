import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ErrorCode, Mode, Pattern } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, RepeatingTask, withReplicaLock } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { SettleCheckoutClaimHandler } from './settle-checkout-claim.handler';

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
export class CheckoutClaimReconciler implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(CheckoutClaimReconciler.name);
  private readonly task: RepeatingTask<void>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly settle: SettleCheckoutClaimHandler,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.task = new RepeatingTask('checkout claim reconciliation', config.CHECKOUT_RECONCILE_INTERVAL_MS, () => this.reconcile(), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  private async reconcile(): Promise<void> {
    const schema = this.dataSource.driver.schema;
    await withReplicaLock(this.dataSource, `checkout-claims:${schema}`, async (manager) => {
      const lapsed: LapsedClaim[] = await manager.query(
        `SELECT id, merchant_id, mode, quote_id, claimed_by FROM "${schema}".checkouts
         WHERE claimed_by IS NOT NULL AND used_at IS NULL AND claimed_until < $1
         ORDER BY claimed_until LIMIT $2`,
        [this.clock.now(), BATCH],
      );
      for (const claim of lapsed) {
        const scope = { merchantId: claim.merchant_id, mode: claim.mode };
        const ref = { scope, checkoutId: claim.id, quoteId: claim.quote_id, claimant: claim.claimed_by };
        const exists = await this.deliveryFunded(scope, claim.claimed_by, claim.id);
        if (exists === undefined) return;
        const settled = exists ? (await this.settle.confirm(ref)).confirmed : (await this.settle.release(ref)).released;
        if (settled) this.logger.warn(`checkout ${claim.id}: lapsed claim of ${claim.claimed_by} ${exists ? 'confirmed' : 'released'}`);
      }
    });
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
