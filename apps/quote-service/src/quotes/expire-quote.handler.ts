import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { QuoteRef, QuoteRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { inScope } from '@sdd/persistence';
import { quoteNotFound } from './quote-errors';
import { QuoteEntity } from './quote.entity';
import { toQuoteRecord } from './quote.record';

/** Test helper: makes a test-mode quote expired now, so expiry and re-pricing can be tried without waiting. */
@Injectable()
export class ExpireQuoteHandler {
  constructor(
    @InjectRepository(QuoteEntity) private readonly quotes: Repository<QuoteEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, quoteId }: QuoteRef): Promise<QuoteRecord> {
    // Live quotes are invisible here, exactly as if they did not exist.
    if (scope.mode !== 'test') throw quoteNotFound();
    const quote = await this.quotes.findOneBy({ id: quoteId, ...inScope({ merchantId: scope.merchantId, mode: 'test' }) });
    if (!quote) throw quoteNotFound();
    const now = this.clock.now();
    if (quote.expiresAt.getTime() > now.getTime()) {
      quote.expiresAt = now;
      await this.quotes.update({ id: quote.id }, { expiresAt: now });
    }
    return toQuoteRecord(quote);
  }
}
