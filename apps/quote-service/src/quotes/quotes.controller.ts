import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ClaimedQuote, CreateQuoteRequest, Pattern, PeekedQuote, QuoteClaimRef, QuoteRef, QuoteView } from '@sdd/contracts';
import { ClaimQuoteHandler } from './claim-quote.handler';
import { ConfirmQuoteHandler } from './confirm-quote.handler';
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
    private readonly confirmQuote: ConfirmQuoteHandler,
  ) {}

  @MessagePattern(Pattern.PeekQuote)
  peek(@Payload() request: QuoteClaimRef): Promise<PeekedQuote> {
    return this.peekQuote.execute(request);
  }

  @MessagePattern(Pattern.ReleaseQuote)
  release(@Payload() request: QuoteClaimRef): Promise<{ released: boolean }> {
    return this.releaseQuote.execute(request);
  }

  @MessagePattern(Pattern.ConfirmQuote)
  confirm(@Payload() request: QuoteClaimRef): Promise<{ confirmed: boolean }> {
    return this.confirmQuote.execute(request);
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
  claim(@Payload() request: QuoteClaimRef): Promise<ClaimedQuote> {
    return this.claimQuote.execute(request);
  }

  @MessagePattern(Pattern.ExpireQuote)
  expire(@Payload() request: QuoteRef): Promise<QuoteView> {
    return this.expireQuote.execute(request);
  }
}
