import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { MONEY_MOVEMENT_STATUSES, PayoutStatus } from '@sdd/contracts';
import { PageQuery } from '../http/page.query';

@ApiSchema({ name: 'ListOpsMoneyMovementsQuery' })
export class ListOpsMoneyMovementsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: MONEY_MOVEMENT_STATUSES, description: 'Only movements of this status; left out, all.' })
  @IsOptional()
  @IsIn(MONEY_MOVEMENT_STATUSES, { message: `must be one of: ${MONEY_MOVEMENT_STATUSES.join(', ')}` })
  status?: PayoutStatus;
}
