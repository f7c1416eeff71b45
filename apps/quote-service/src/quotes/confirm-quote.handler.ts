import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { QuoteClaimRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';

/**
 * The claimant's delivery is committed: the quote is used for good. Confirming
 * twice changes nothing. A quote found free again (an earlier, failed attempt
 * of the same delivery released it after this one claimed it) is taken back
 * for the delivery that now exists.
 */
@Injectable()
export class ConfirmQuoteHandler {
  private readonly logger = new Logger(ConfirmQuoteHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, quoteId, claimant }: QuoteClaimRef): Promise<{ confirmed: boolean }> {
    const [, affected] = await this.dataSource.query(
      `UPDATE "${this.dataSource.driver.schema}".quotes
       SET used_at = COALESCE(used_at, $5), claimed_by = $4, claimed_until = NULL, confirmed_at = COALESCE(confirmed_at, $5)
       WHERE id = $1 AND merchant_id = $2 AND mode = $3 AND (claimed_by = $4 OR used_at IS NULL)`,
      [quoteId, scope.merchantId, scope.mode, claimant, this.clock.now()],
    );
    if (affected !== 1) this.logger.error(`quote ${quoteId} not confirmed for delivery ${claimant}: no such quote, or another delivery holds it`);
    return { confirmed: affected === 1 };
  }
}
