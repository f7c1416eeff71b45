import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional, IsString, Matches } from 'class-validator';
import { REQUEST_ID_PATTERN } from '@sdd/runtime';
import { PageQuery } from '../http/page.query';
import { STATUS_FILTER_PATTERN } from './status-filter';

/** What GET /v1/request_logs filters by, besides the page. */
@ApiSchema({ name: 'ListRequestLogsQuery' })
export class ListRequestLogsQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Only the request with this X-Request-Id.', example: 'req_4fJ0aQ9xWm2LpZ7kT3vB8nR1' })
  @IsOptional()
  @IsString()
  @Matches(REQUEST_ID_PATTERN, { message: 'must be a request id (1 to 128 letters, digits, ".", "_", ":" or "-")' })
  request_id?: string;

  @ApiPropertyOptional({ description: 'One status (`404`) or a class of them (`4xx`).', example: '4xx', pattern: STATUS_FILTER_PATTERN.source })
  @IsOptional()
  @IsString()
  @Matches(STATUS_FILTER_PATTERN, { message: 'must be a status (e.g. 404) or a class of them (2xx, 4xx, 5xx)' })
  status?: string;
}
