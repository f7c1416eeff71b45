import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ClaimedQuote, CreateQuoteRequest, Pattern, PeekedQuote, QuoteRef, QuoteView } from '@sdd/contracts';
import { ClaimQuoteHandler } from './claim-quote.handler';
import { CreateQuoteHandler } from './create-quote.handler';
import { ExpireQuoteHandler } from './expire-quote.handler';
import { GetQuoteHandler } from './get-quote.handler';
import { PeekQuoteHandler } from './peek-quote.handler';
import { ReleaseQuoteHandler } from './release-quote.handler';

@Controller()
export class QuotesController {
  constructor(
    private readonly createQuote: CreateQuoteHandler,
    private readonly getQuote: GetQuoteHandler,
    private readonly claimQuote: ClaimQuoteHandler,
    private readonly expireQuote: ExpireQuoteHandler,
    private readonly peekQuote: PeekQuoteHandler,
    private readonly releaseQuote: ReleaseQuoteHandler,
  ) {}

  @MessagePattern(Pattern.PeekQuote)
  peek(@Payload() request: QuoteRef): Promise<PeekedQuote> {
    return this.peekQuote.execute(request);
  }

  @MessagePattern(Pattern.ReleaseQuote)
  release(@Payload() request: QuoteRef): Promise<{ released: boolean }> {
    return this.releaseQuote.execute(request);
  }

  @MessagePattern(Pattern.CreateQuote)
  create(@Payload() request: CreateQuoteRequest): Promise<QuoteView> {
    return this.createQuote.execute(request);
  }

  @MessagePattern(Pattern.GetQuote)
  get(@Payload() request: QuoteRef): Promise<QuoteView> {
    return this.getQuote.execute(request);
  }

  @MessagePattern(Pattern.ClaimQuote)
  claim(@Payload() request: QuoteRef): Promise<ClaimedQuote> {
    return this.claimQuote.execute(request);
  }

  @MessagePattern(Pattern.ExpireQuote)
  expire(@Payload() request: QuoteRef): Promise<QuoteView> {
    return this.expireQuote.execute(request);
  }
}
