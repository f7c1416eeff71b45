import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { DELIVERY_STATUSES } from '@sdd/contracts';
import { PageQuery } from '../http/page.query';

/** A delivery status, or "simulated" for every test delivery (decisions.md). */
export const LIST_STATUSES = [...DELIVERY_STATUSES, 'simulated'] as const;

/** 9999-12-31T23:59:59Z: the last second a date-time column holds and an ISO string can say. */
const LAST_UNIX_SECOND = 253402300799;
const UNIX_SECONDS = 'must be a whole number of seconds since 1970-01-01T00:00:00Z (Unix time)';

@ApiSchema({ name: 'ListDeliveriesQuery' })
export class ListDeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LIST_STATUSES, description: '"simulated" matches every test-mode delivery.' })
  @IsOptional()
  @IsIn(LIST_STATUSES, { message: `must be one of: ${LIST_STATUSES.join(', ')}` })
  status?: string;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: LAST_UNIX_SECOND, description: 'Created at or after this Unix time (seconds), like Stripe.' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: UNIX_SECONDS })
  @Min(0, { message: UNIX_SECONDS })
  @Max(LAST_UNIX_SECOND, { message: UNIX_SECONDS })
  'created[gte]'?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 0, maximum: LAST_UNIX_SECOND, description: 'Created at or before this Unix time (seconds).' })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: UNIX_SECONDS })
  @Min(0, { message: UNIX_SECONDS })
  @Max(LAST_UNIX_SECOND, { message: UNIX_SECONDS })
  'created[lte]'?: number;

  @ApiPropertyOptional({ maxLength: 120, description: 'Only the deliveries with exactly this external_reference (case-sensitive).' })
  @IsOptional()
  @IsString()
  @MaxLength(120)
  external_reference?: string;
}
