import { Controller, Get, Headers, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { once } from 'node:events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiErrorResponse, ApiKeyedController } from '../openapi/decorators';
import { EVENT_ID_PATTERN, EventStreamQuery } from './event-stream.query';
import { EventStreams } from './event-streams';

/** The key's merchant and mode's events as server-sent events (the `sameday listen` CLI reads it). */
@ApiTags('Events')
@ApiKeyedController()
@Controller('v1/events')
export class EventStreamController {
  constructor(private readonly streams: EventStreams) {}

  @ApiOperation({
    summary: 'Stream events',
    description:
      'Server-sent events (`text/event-stream`), one per event as it is stored: `id:` the event id, `event:` its type, `data:` the envelope webhooks and GET /v1/events carry. ' +
      'A comment line every 15 s when idle. `Last-Event-ID` (or `after`) resumes after that event, for as long as GET /v1/events still lists it (30 days); ' +
      'an event no longer there is answered 404 before the stream opens. Counts once against the rate limit; at most EVENT_STREAM_MAX_PER_MERCHANT (5) open per merchant and gateway process.',
  })
  @ApiHeader({ name: 'Last-Event-ID', required: false, description: 'Resume after this event (evt_…).' })
  @ApiOkResponse({ description: 'The stream; it ends when the gateway restarts: reconnect with Last-Event-ID.', content: { 'text/event-stream': { schema: { type: 'string' } } } })
  @ApiErrorResponse(400, '`invalid_request_error` / `parameter_invalid`: `after` or `Last-Event-ID` is not an event id.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing` (param `after`): no such event in this mode, or no longer kept; reconnect without it.')
  @ApiErrorResponse(429, '`rate_limit_error` / `rate_limit_exceeded` (over the per-minute limit), or `stream_limit_exceeded`: the merchant has the most streams open already.')
  @Get('stream')
  async stream(
    @Auth() auth: AuthContext,
    @Query() query: EventStreamQuery,
    @Headers('last-event-id') lastEventId: string | undefined,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    if (lastEventId !== undefined && !EVENT_ID_PATTERN.test(lastEventId)) {
      throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'Last-Event-ID must be an event id (evt_…).', 'Last-Event-ID');
    }
    const stream = await this.streams.open(auth, request.headers, lastEventId ?? query.after, once(reply.raw, 'close'));
    await reply.code(200).header('Content-Type', 'text/event-stream; charset=utf-8').header('Cache-Control', 'no-store').header('X-Accel-Buffering', 'no').send(stream);
  }
}
