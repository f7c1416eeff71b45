import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { QuoteRef } from '@sdd/contracts';
import { QuoteEntity } from './quote.entity';

/** Gives a claimed quote back when the delivery that claimed it could not be written. */
@Injectable()
export class ReleaseQuoteHandler {
  constructor(@InjectRepository(QuoteEntity) private readonly quotes: Repository<QuoteEntity>) {}

  async execute({ scope, quoteId }: QuoteRef): Promise<{ released: boolean }> {
    const result = await this.quotes.update({ id: quoteId, merchantId: scope.merchantId, mode: scope.mode }, { usedAt: null });
    return { released: (result.affected ?? 0) > 0 };
  }
}
