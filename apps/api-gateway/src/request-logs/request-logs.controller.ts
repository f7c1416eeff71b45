import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AppError, cursorParam, toPage } from '@sdd/common';
import { presentRequestLog, presentRequestLogDetail, RequestLogDetailResource, RequestLogListResource } from '@sdd/public-api';
import { Auth, AuthContext, DeveloperTools } from '../auth/auth-context';
import { WithRouteTraits } from '../http/route-traits';
import { ApiErrorResponse, ApiKeyedController } from '../openapi/decorators';
import { ListRequestLogsQuery } from './list-request-logs.query';
import { REQUEST_LOG_ID_PREFIX } from './request-log-entry';
import { RequestLogRepository } from './request-log.repository';
import { statusRange } from './status-filter';

const DEFAULT_PAGE_SIZE = 20;

/**
 * The request log of the caller's merchant and mode (request-log.hook.ts
 * writes it). Reading it is not logged (`unlogged`): a page that polls the
 * log would otherwise fill it with its own reads. A dashboard session needs
 * the owner or developer role, even to read (DeveloperTools).
 */
@ApiTags('Request logs')
@ApiKeyedController()
@WithRouteTraits({ unlogged: true })
@DeveloperTools()
@Controller('v1')
export class RequestLogsController {
  constructor(private readonly logs: RequestLogRepository) {}

  @ApiOperation({
    summary: 'List request logs',
    description:
      'The API requests kept by the request log (7 days unless the operator sets REQUEST_LOG_RETENTION_SECONDS), newest first; keyset cursor stable under inserts. Written within about a second of the answer.',
  })
  @ApiOkResponse({ description: 'A page of request logs.', type: RequestLogListResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `limit` outside 1–100, a malformed `request_id` or `status`, or a cursor we did not issue.')
  @Get('request_logs')
  async list(@Auth() auth: AuthContext, @Query() query: ListRequestLogsQuery): Promise<RequestLogListResource> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = cursorParam(query.cursor ?? query.starting_after, REQUEST_LOG_ID_PREFIX);
    const rows = await this.logs.page(auth, { requestId: query.request_id, status: query.status === undefined ? undefined : statusRange(query.status), after }, limit + 1);
    return toPage(rows, limit, (row) => row, presentRequestLog);
  }

  @ApiOperation({ summary: 'Retrieve a request log', description: 'With the headers kept and both bodies, secrets redacted.' })
  @ApiOkResponse({ description: 'The request log.', type: RequestLogDetailResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Get('request_logs/:requestLogId')
  async retrieve(@Auth() auth: AuthContext, @Param('requestLogId') id: string): Promise<RequestLogDetailResource> {
    const log = await this.logs.find(auth, id);
    if (!log) throw AppError.notFound('No such request log.', 'requestLogId');
    return presentRequestLogDetail(log);
  }
}
