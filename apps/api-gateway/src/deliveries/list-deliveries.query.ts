import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export const LIST_STATUSES = [
  'created',
  'pending',
  'driver_assigned',
  'driver_at_pickup',
  'picked_up',
  'in_transit',
  'delivered',
  'cancelled',
  'failed',
  'simulated',
] as const;

@ApiSchema({ name: 'ListDeliveriesQuery' })
export class ListDeliveriesQuery {
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

  @ApiPropertyOptional({ description: 'Alias of cursor (machine-readable description).' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  starting_after?: string;

  @ApiPropertyOptional({ enum: LIST_STATUSES, description: '"simulated" matches every test-mode delivery.' })
  @IsOptional()
  @IsIn(LIST_STATUSES, { message: `must be one of: ${LIST_STATUSES.join(', ')}` })
  status?: string;
}
