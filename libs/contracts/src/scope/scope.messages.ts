// @Type reads design-time types through the Reflect metadata API: load it with the classes, whoever imports them first.
import 'reflect-metadata';
import { Type } from 'class-transformer';
import { IsDefined, IsIn, IsInt, IsObject, IsOptional, IsString, Matches, Max, Min, ValidateNested } from 'class-validator';
import { MERCHANT_ID_PATTERN } from '../bus/message-rules';
import { MerchantScope, Mode, MODES } from './scope';

export class MerchantScopeMessage implements MerchantScope {
  @IsString()
  @Matches(MERCHANT_ID_PATTERN, { message: 'must be a merchant id (mer_…)' })
  merchantId!: string;

  @IsIn(MODES, { message: 'must be test or live' })
  mode!: Mode;
}

/** Every message that reads or writes merchant data: services scope every query by it. */
export class ScopedMessage {
  @IsDefined()
  @IsObject()
  @ValidateNested()
  @Type(() => MerchantScopeMessage)
  scope!: MerchantScopeMessage;
}

/** One page of a list: the gateway has already applied the default and the bounds. */
export class PageMessage extends ScopedMessage {
  @IsInt()
  @Min(1)
  @Max(100)
  limit!: number;

  @IsOptional()
  @IsString()
  cursor?: string;
}
