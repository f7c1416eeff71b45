import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional } from 'class-validator';
import { NOTIFICATION_STATUSES, NotificationStatus } from '@sdd/contracts';
import { PageQuery } from '../http/page.query';

@ApiSchema({ name: 'ListOpsNotificationsQuery' })
export class ListOpsNotificationsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: NOTIFICATION_STATUSES, description: 'Only notifications of this status; left out, all.' })
  @IsOptional()
  @IsIn(NOTIFICATION_STATUSES, { message: `must be one of: ${NOTIFICATION_STATUSES.join(', ')}` })
  status?: NotificationStatus;
}
