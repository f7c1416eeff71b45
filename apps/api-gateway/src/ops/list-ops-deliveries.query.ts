import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { OPS_DELIVERY_STATES, OpsDeliveryState } from '@sdd/contracts';

@ApiSchema({ name: 'ListOpsDeliveriesQuery' })
export class ListOpsDeliveriesQuery {
  @ApiPropertyOptional({ enum: OPS_DELIVERY_STATES, default: 'active', description: '`active`: every live delivery under way; `stuck`: only those with a `stuck` reason.' })
  @IsOptional()
  @IsIn(OPS_DELIVERY_STATES, { message: `must be one of: ${OPS_DELIVERY_STATES.join(', ')}` })
  state?: OpsDeliveryState;
}
