import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryRef, ErrorCode, Mode, Pattern } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG, OneReplicaTask } from '@sdd/runtime';
import { QuoteServiceConfig } from '../config';
import { ClaimSettlement, settleLapsedClaim } from './quote-claim';

const BATCH = 100;

interface LapsedClaim {
  id: string;
  merchant_id: string;
  mode: Mode;
  claimed_by: string;
}

/**
 * A claim whose delivery never confirmed it (delivery-service died between the
 * claim and the commit, the confirmation was lost, or the claim committed after
 * its caller gave up) would keep the quote used forever. Once the claim's hold
 * lapses, one replica at a time (advisory lock) asks delivery-service whether
 * the claimant delivery exists: if so the claim is confirmed, if not the quote
 * is released for anyone to use. A delivery-service that does not answer
 * leaves the claim as it is, for the next pass.
 */
@Injectable()
export class ClaimReconciliationTask extends OneReplicaTask<number> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) config: QuoteServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'quote claim reconciliation', intervalMs: config.QUOTE_RECONCILE_INTERVAL_MS, dataSource, lock: `quote-claims:${dataSource.driver.schema}` });
  }

  /** Returns how many lapsed claims it settled. */
  protected async passHoldingLock(manager: EntityManager): Promise<number> {
    const lapsed: LapsedClaim[] = await manager.query(
      `SELECT id, merchant_id, mode, claimed_by FROM "${this.dataSource.driver.schema}".quotes
       WHERE used_at IS NOT NULL AND confirmed_at IS NULL AND claimed_until < $1
       ORDER BY claimed_until LIMIT $2`,
      [this.clock.now(), BATCH],
    );
    let count = 0;
    for (const claim of lapsed) {
      const settlement = await this.settlementOf(claim);
      if (!settlement) break;
      // Outside this transaction: a row lock held until the pass ends would make claims of the quote wait.
      if (await this.apply(claim, settlement)) count += 1;
    }
    return count;
  }

  /** Undefined when delivery-service cannot say: nothing is settled on a guess. */
  private async settlementOf(claim: LapsedClaim): Promise<ClaimSettlement | undefined> {
    const ref: DeliveryRef = { scope: { merchantId: claim.merchant_id, mode: claim.mode }, deliveryId: claim.claimed_by };
    try {
      const delivery = await this.bus.request(Pattern.GetDelivery, ref);
      return settleLapsedClaim(claim.id, delivery);
    } catch (error) {
      if (error instanceof AppError && error.code === ErrorCode.ResourceMissing) return settleLapsedClaim(claim.id, null);
      this.logger.warn(`delivery-service could not say whether ${claim.claimed_by} exists: ${(error as Error).message}`);
      return undefined;
    }
  }

  /** Guarded: a claimant that claimed again in the meantime holds the quote anew and is left alone. */
  private async apply(claim: LapsedClaim, settlement: ClaimSettlement): Promise<boolean> {
    const schema = this.dataSource.driver.schema;
    const now = this.clock.now();
    const sql =
      settlement === 'confirm'
        ? `UPDATE "${schema}".quotes SET confirmed_at = $3, claimed_until = NULL
           WHERE id = $1 AND claimed_by = $2 AND used_at IS NOT NULL AND confirmed_at IS NULL`
        : `UPDATE "${schema}".quotes SET used_at = NULL, claimed_by = NULL, claimed_until = NULL
           WHERE id = $1 AND claimed_by = $2 AND confirmed_at IS NULL AND claimed_until < $3`;
    const [, affected] = await this.dataSource.query(sql, [claim.id, claim.claimed_by, now]);
    if (affected === 1) this.logger.warn(`quote ${claim.id}: lapsed claim of ${claim.claimed_by} ${settlement === 'confirm' ? 'confirmed' : 'released'}`);
    return affected === 1;
  }
}
