import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { PageQuery } from '../http/page.query';

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
export class ListDeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LIST_STATUSES, description: '"simulated" matches every test-mode delivery.' })
  @IsOptional()
  @IsIn(LIST_STATUSES, { message: `must be one of: ${LIST_STATUSES.join(', ')}` })
  status?: string;
}
