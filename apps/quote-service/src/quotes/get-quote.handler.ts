import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { QuoteRef, QuoteRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { inScope } from '@sdd/persistence';
import { quoteExpired, quoteNotFound } from './quote-errors';
import { QuoteEntity } from './quote.entity';
import { toQuoteRecord } from './quote.record';

@Injectable()
export class GetQuoteHandler {
  constructor(
    @InjectRepository(QuoteEntity) private readonly quotes: Repository<QuoteEntity>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, quoteId }: QuoteRef): Promise<QuoteRecord> {
    const quote = await this.quotes.findOneBy({ id: quoteId, ...inScope(scope) });
    if (!quote) throw quoteNotFound();
    if (quote.expiresAt.getTime() <= this.clock.now().getTime()) throw quoteExpired();
    return toQuoteRecord(quote);
  }
}
