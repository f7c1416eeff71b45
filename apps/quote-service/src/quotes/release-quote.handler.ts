import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { QuoteClaimRef } from '@sdd/contracts';
import { inScope } from '@sdd/persistence';
import { QuoteEntity } from './quote.entity';

/**
 * Gives a claimed quote back when the delivery that claimed it could not be
 * written. Only that delivery's own claim, and never a confirmed one.
 */
@Injectable()
export class ReleaseQuoteHandler {
  constructor(@InjectRepository(QuoteEntity) private readonly quotes: Repository<QuoteEntity>) {}

  async execute({ scope, quoteId, claimant }: QuoteClaimRef): Promise<{ released: boolean }> {
    const result = await this.quotes.update({ id: quoteId, ...inScope(scope), claimedBy: claimant, confirmedAt: IsNull() }, { usedAt: null, claimedBy: null, claimedUntil: null });
    return { released: (result.affected ?? 0) > 0 };
  }
}
