import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';
import { EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE } from '@sdd/contracts';
import { PageQuery } from '../http/page.query';

export const LOGGED_EVENT_TYPES = [...EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] as const;

@ApiSchema({ name: 'ListEventsQuery' })
export class ListEventsQuery extends PageQuery {
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
