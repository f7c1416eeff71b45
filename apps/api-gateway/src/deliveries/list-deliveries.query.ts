import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { DELIVERY_STATUSES } from '@sdd/contracts';
import { PageQuery } from '../http/page.query';

/** A delivery status, or "simulated" for every test delivery (decisions.md). */
export const LIST_STATUSES = [...DELIVERY_STATUSES, 'simulated'] as const;

@ApiSchema({ name: 'ListDeliveriesQuery' })
export class ListDeliveriesQuery extends PageQuery {
  @ApiPropertyOptional({ enum: LIST_STATUSES, description: '"simulated" matches every test-mode delivery.' })
  @IsOptional()
  @IsIn(LIST_STATUSES, { message: `must be one of: ${LIST_STATUSES.join(', ')}` })
  status?: string;
}
