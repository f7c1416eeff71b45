import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClaimedQuote, QuoteRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { withinRepriceTolerance } from '../pricing/pricing';
import { quoteAlreadyUsed, quoteNotFound, quotePriceChanged } from './quote-errors';
import { QuoteEntity } from './quote.entity';
import { QuotePricer } from './quote-pricer';
import { presentClaimedQuote } from './quote.presenter';

/**
 * Delivery-service claims a quote when it creates a delivery: a quote is used
 * at most once. The row lock makes concurrent claims wait for each other, so
 * exactly one wins. An expired quote is re-priced at today's rates and goes
 * through only if the price moved by 10% or less.
 */
@Injectable()
export class ClaimQuoteHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly pricer: QuotePricer,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  execute({ scope, quoteId }: QuoteRef): Promise<ClaimedQuote> {
    return this.dataSource.transaction(async (manager) => {
      const quote = await manager.findOne(QuoteEntity, {
        where: { id: quoteId, merchantId: scope.merchantId, mode: scope.mode },
        lock: { mode: 'pessimistic_write' },
      });
      if (!quote) throw quoteNotFound();
      if (quote.usedAt) throw quoteAlreadyUsed();
      const now = this.clock.now();
      let repricedFrom: number | null = null;
      if (quote.expiresAt.getTime() <= now.getTime()) {
        const { fee } = this.pricer.price(quote);
        if (!withinRepriceTolerance(quote.fee, fee)) throw quotePriceChanged(quote.fee, fee, quote.currency);
        if (fee !== quote.fee) repricedFrom = quote.fee;
        quote.fee = fee;
      }
      quote.usedAt = now;
      await manager.update(QuoteEntity, { id: quote.id }, { usedAt: quote.usedAt, fee: quote.fee });
      return presentClaimedQuote(quote, repricedFrom);
    });
  }
}
