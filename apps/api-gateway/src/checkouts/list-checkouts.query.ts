import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { CHECKOUT_STATUSES, CheckoutStatus, DELIVERY_ID_PATTERN } from '@sdd/contracts';
import { PageQuery } from '../http/page.query';

@ApiSchema({ name: 'ListCheckoutsQuery' })
export class ListCheckoutsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: CHECKOUT_STATUSES, description: 'Only checkouts showing this status now (`expired` includes unpaid ones past `expires_at`).' })
  @IsOptional()
  @IsIn(CHECKOUT_STATUSES, { message: `must be one of: ${CHECKOUT_STATUSES.join(', ')}` })
  status?: CheckoutStatus;

  @ApiPropertyOptional({ description: 'Only the checkout that paid for this delivery (none for a delivery created without a checkout).', example: 'del_7cJ2kLq9XwP4sT7vB1nC5mZr' })
  @IsOptional()
  @IsString()
  @Matches(DELIVERY_ID_PATTERN, { message: 'must be a delivery id (del_…)' })
  delivery_id?: string;
}
