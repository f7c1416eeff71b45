import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayMinSize, ArrayUnique, IsArray, IsBoolean, IsIn, IsOptional, IsString, MaxLength, ValidateIf } from 'class-validator';
import { EVENT_TYPES } from '@sdd/contracts';

export const SUBSCRIBABLE = ['*', ...EVENT_TYPES] as const;
const EVENTS_MESSAGE = `each value must be "*" or one of: ${EVENT_TYPES.join(', ')}`;

@ApiSchema({ name: 'CreateWebhookRequest' })
export class CreateWebhookDto {
  @ApiProperty({ format: 'uri', maxLength: 2048, example: 'https://shop.example/webhooks/sameday' })
  @IsString()
  @MaxLength(2048)
  url!: string;

  @ApiProperty({ enum: SUBSCRIBABLE, isArray: true, example: ['delivery.delivered'] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SUBSCRIBABLE.length)
  @ArrayUnique()
  @IsIn(SUBSCRIBABLE, { each: true, message: EVENTS_MESSAGE })
  events!: string[];

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  description?: string;
}

@ApiSchema({ name: 'UpdateWebhookRequest' })
export class UpdateWebhookDto {
  @ApiPropertyOptional({ format: 'uri', maxLength: 2048 })
  @IsOptional()
  @IsString()
  @MaxLength(2048)
  url?: string;

  @ApiPropertyOptional({ enum: SUBSCRIBABLE, isArray: true })
  @IsOptional()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(SUBSCRIBABLE.length)
  @ArrayUnique()
  @IsIn(SUBSCRIBABLE, { each: true, message: EVENTS_MESSAGE })
  events?: string[];

  @ApiPropertyOptional({ maxLength: 200, nullable: true })
  @ValidateIf((_dto: UpdateWebhookDto, value: unknown) => value !== null && value !== undefined)
  @IsString()
  @MaxLength(200)
  description?: string | null;

  @ApiPropertyOptional({ description: 'false pauses deliveries; true re-enables an auto-disabled endpoint.' })
  @IsOptional()
  @IsBoolean()
  active?: boolean;
}
