import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import { busPattern, replyOf } from '../bus/bus-pattern';
import { DELIVERY_ID_PATTERN } from '../bus/message-rules';
import { DeliveryEventReceipt } from '../deliveries/deliveries';
import { DeliveryEventBatch } from '../deliveries/deliveries.bus';
import { ScopedMessage } from '../scope/scope.messages';
import { ServiceName } from '../services';
import { CATEGORIES, Category, ClaimedQuote, PACKAGE_SIZES, PackageSize, PeekedQuote, QuoteRecord, Vehicle, VEHICLES } from './quotes';

export class CreateQuoteRequest extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  pickupAddress!: string;

  @IsString()
  @IsNotEmpty()
  dropoffAddress!: string;

  @IsIn(PACKAGE_SIZES, { message: `must be one of: ${PACKAGE_SIZES.join(', ')}` })
  packageSize!: PackageSize;

  @IsOptional()
  @IsIn(VEHICLES, { message: `must be one of: ${VEHICLES.join(', ')}` })
  vehicle?: Vehicle;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'must be an ISO 8601 date-time' })
  scheduledAt?: string;

  @IsIn(CATEGORIES, { message: `must be one of: ${CATEGORIES.join(', ')}` })
  category!: Category;
}

/** The quote id comes from the merchant's URL: an unknown one is not found, whatever its shape. */
export class QuoteRef extends ScopedMessage {
  @IsString()
  @IsNotEmpty()
  quoteId!: string;
}

/**
 * A quote as one delivery (the claimant, by its id) peeks at, claims, confirms
 * or releases it. The claimant may claim again a quote it already holds: a
 * retry of the same request goes through.
 */
export class QuoteClaimRef extends QuoteRef {
  @IsString()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  claimant!: string;
}

/** A peek that also checks the category the delivery asks for: a quote made for another is refused (`category_quote_mismatch`). */
export class PeekQuoteRequest extends QuoteClaimRef {
  @IsOptional()
  @IsIn(CATEGORIES, { message: `must be one of: ${CATEGORIES.join(', ')}` })
  category?: Category;
}

/**
 * A claim with the checks that can refuse the delivery made first, under the
 * quote's row lock, so that a refused delivery leaves the quote unclaimed.
 * `unrestrictedOnly`: a quote for a restricted category is not claimed
 * (`licence_check_needed`): its pickup's licence is checked first, then it is
 * claimed without the flag.
 */
export class ClaimQuoteRequest extends PeekQuoteRequest {
  @IsOptional()
  @IsBoolean()
  unrestrictedOnly?: boolean;
}

const owner = ServiceName.Quote;

export const QUOTE_PATTERNS = {
  CreateQuote: busPattern({ name: 'quote.create', owner, message: CreateQuoteRequest, reply: replyOf<QuoteRecord>() }),
  GetQuote: busPattern({ name: 'quote.get', owner, message: QuoteRef, reply: replyOf<QuoteRecord>() }),
  ClaimQuote: busPattern({ name: 'quote.claim', owner, message: ClaimQuoteRequest, reply: replyOf<ClaimedQuote>() }),
  ExpireQuote: busPattern({ name: 'quote.expire', owner, message: QuoteRef, reply: replyOf<QuoteRecord>() }),
  PeekQuote: busPattern({ name: 'quote.peek', owner, message: PeekQuoteRequest, reply: replyOf<PeekedQuote>() }),
  ReleaseQuote: busPattern({ name: 'quote.release', owner, message: QuoteClaimRef, reply: replyOf<{ released: boolean }>() }),
  /** The outbox offers delivery.created to quote-service: it confirms the claim of each delivery written. */
  IngestQuoteEvents: busPattern({ name: 'quote.ingest_delivery_events', owner, message: DeliveryEventBatch, reply: replyOf<DeliveryEventReceipt>() }),
};
