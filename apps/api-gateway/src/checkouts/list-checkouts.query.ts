import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { CHECKOUT_STATUSES, CheckoutStatus } from '@sdd/contracts';
import { PageQuery } from '../http/page.query';

@ApiSchema({ name: 'ListCheckoutsQuery' })
export class ListCheckoutsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: CHECKOUT_STATUSES, description: 'Only checkouts showing this status now (`expired` includes unpaid ones past `expires_at`).' })
  @IsOptional()
  @IsIn(CHECKOUT_STATUSES, { message: `must be one of: ${CHECKOUT_STATUSES.join(', ')}` })
  status?: CheckoutStatus;
}
