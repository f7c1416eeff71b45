import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from '@sdd/contracts';

export const LOGGED_EVENT_TYPES = [...EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] as const;

@ApiSchema({ name: 'ListEventsQuery' })
export class ListEventsQuery {
  @ApiPropertyOptional({ minimum: 1, maximum: 100, default: 20 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'must be a whole number from 1 to 100' })
  @Min(1, { message: 'must be a whole number from 1 to 100' })
  @Max(100, { message: 'must be a whole number from 1 to 100' })
  limit?: number;

  @ApiPropertyOptional({ description: 'The next_cursor of the previous page.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  cursor?: string;

  @ApiPropertyOptional({ description: 'Alias of cursor.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  starting_after?: string;

  @ApiPropertyOptional({ description: 'Only the events of this delivery.', example: 'del_test_4fJ0aQ9' })
  @IsOptional()
  @IsString()
  @Matches(/^del_[0-9A-Za-z_]{1,100}$/, { message: 'must be a delivery id (del_…)' })
  delivery_id?: string;

  @ApiPropertyOptional({ enum: LOGGED_EVENT_TYPES })
  @IsOptional()
  @IsIn(LOGGED_EVENT_TYPES, { message: `must be one of: ${LOGGED_EVENT_TYPES.join(', ')}` })
  type?: string;
}
