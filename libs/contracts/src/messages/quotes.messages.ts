import { IsBoolean, IsIn, IsISO8601, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import { CATEGORIES, Category, ClaimQuoteRequest, CreateQuoteRequest, PACKAGE_SIZES, PackageSize, PeekQuoteRequest, QuoteClaimRef, QuoteRef, Vehicle, VEHICLES } from '../quotes';
import { DELIVERY_ID_PATTERN } from './message-rules';
import { ScopedMessage } from './scope.messages';

export class CreateQuoteMessage extends ScopedMessage implements CreateQuoteRequest {
  @IsString()
  @IsNotEmpty()
  pickup_address!: string;

  @IsString()
  @IsNotEmpty()
  dropoff_address!: string;

  @IsIn(PACKAGE_SIZES, { message: `must be one of: ${PACKAGE_SIZES.join(', ')}` })
  package_size!: PackageSize;

  @IsOptional()
  @IsIn(VEHICLES, { message: `must be one of: ${VEHICLES.join(', ')}` })
  vehicle?: Vehicle;

  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'must be an ISO 8601 date-time' })
  scheduled_at?: string;

  @IsIn(CATEGORIES, { message: `must be one of: ${CATEGORIES.join(', ')}` })
  category!: Category;
}

/** The quote id comes from the merchant's URL: an unknown one is not found, whatever its shape. */
export class QuoteRefMessage extends ScopedMessage implements QuoteRef {
  @IsString()
  @IsNotEmpty()
  quoteId!: string;
}

export class QuoteClaimRefMessage extends QuoteRefMessage implements QuoteClaimRef {
  @IsString()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  claimant!: string;
}

export class PeekQuoteMessage extends QuoteClaimRefMessage implements PeekQuoteRequest {
  @IsOptional()
  @IsIn(CATEGORIES, { message: `must be one of: ${CATEGORIES.join(', ')}` })
  category?: Category;
}

export class ClaimQuoteMessage extends PeekQuoteMessage implements ClaimQuoteRequest {
  @IsOptional()
  @IsBoolean()
  unrestricted_only?: boolean;
}
