import { Type } from 'class-transformer';
import { IsNumber, Max, Min } from 'class-validator';
import { BaseConfig } from '@sdd/common';

export class QuoteServiceConfig extends BaseConfig {
  /**
   * Operator-controlled factor on every fee (1 = the published rates). Quotes
   * keep the price they were given; an expired quote is re-priced with the
   * factor in force at delivery creation.
   */
  @Type(() => Number)
  @IsNumber()
  @Min(0.1)
  @Max(10)
  PRICE_MULTIPLIER = 1;
}
