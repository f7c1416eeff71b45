import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PeekedQuote, PeekQuoteRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { inScope } from '@sdd/persistence';
import { claimStanding } from './quote-claim';
import { categoryMismatch, quoteAlreadyUsed, quoteNotFound } from './quote-errors';
import { QuoteEntity } from './quote.entity';
import { toClaimedQuote } from './quote.record';

/**
 * Lets delivery-service check a quote (category, licensed pickup) before it
 * claims it, so a delivery refused for such a reason does not use up the quote.
 */
@Injectable()
export class PeekQuoteHandler {
  constructor(
    @InjectRepository(QuoteEntity) private readonly quotes: Repository<QuoteEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, quoteId, claimant, category }: PeekQuoteRequest): Promise<PeekedQuote> {
    const quote = await this.quotes.findOneBy({ id: quoteId, ...inScope(scope) });
    if (!quote) throw quoteNotFound();
    if (claimStanding(quote, claimant) === 'used') throw quoteAlreadyUsed();
    if (category && category !== quote.category) throw categoryMismatch(quote.category, category);
    const { repricing: _unused, ...claimed } = toClaimedQuote(quote, null);
    return { ...claimed, expired: quote.expiresAt.getTime() <= this.clock.now().getTime() };
  }
}
