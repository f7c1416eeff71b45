import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  ClaimedQuote,
  ClaimQuoteRequest,
  CreateQuoteRequest,
  DeliveryEventReceipt,
  Pattern,
  PeekedQuote,
  PeekQuoteRequest,
  QuoteClaimRef,
  QuoteRef,
  QuoteRecord,
} from '@sdd/contracts';
import { ClaimQuoteHandler } from './claim-quote.handler';
import { ConfirmCreatedDeliveriesHandler } from './confirm-created-deliveries.handler';
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
    private readonly confirmCreated: ConfirmCreatedDeliveriesHandler,
  ) {}

  @BusHandler(Pattern.IngestQuoteEvents)
  ingest(@Payload() batch: unknown): Promise<DeliveryEventReceipt> {
    return this.confirmCreated.execute(batch);
  }

  @BusHandler(Pattern.PeekQuote)
  peek(@Payload() request: PeekQuoteRequest): Promise<PeekedQuote> {
    return this.peekQuote.execute(request);
  }

  @BusHandler(Pattern.ReleaseQuote)
  release(@Payload() request: QuoteClaimRef): Promise<{ released: boolean }> {
    return this.releaseQuote.execute(request);
  }

  @BusHandler(Pattern.CreateQuote)
  create(@Payload() request: CreateQuoteRequest): Promise<QuoteRecord> {
    return this.createQuote.execute(request);
  }

  @BusHandler(Pattern.GetQuote)
  get(@Payload() request: QuoteRef): Promise<QuoteRecord> {
    return this.getQuote.execute(request);
  }

  @BusHandler(Pattern.ClaimQuote)
  claim(@Payload() request: ClaimQuoteRequest): Promise<ClaimedQuote> {
    return this.claimQuote.execute(request);
  }

  @BusHandler(Pattern.ExpireQuote)
  expire(@Payload() request: QuoteRef): Promise<QuoteRecord> {
    return this.expireQuote.execute(request);
  }
}
