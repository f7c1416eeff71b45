import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { AttemptResource, EventDetailResource, EventListResource, presentAttempt, presentEventDetail, presentEventList } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyedController } from '../openapi/decorators';
import { ListEventsQuery } from './list-events.query';
import { ResendEventDto } from './resend-event.dto';

const DEFAULT_PAGE_SIZE = 20;

/** The webhook event log; webhook-dispatcher keeps it, the gateway validates and forwards. */
@ApiTags('Events')
@ApiKeyedController()
@Controller('v1/events')
export class EventsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'List events',
    description:
      'Newest first, as sent to your endpoints, over the last 30 days (an event still pending, or failed within the last 7 days, stays longer). Filter by delivery_id and type.',
  })
  @ApiOkResponse({ description: 'A page of event envelopes.', type: EventListResource })
  @ApiErrorResponse(400, '`invalid_request_error`: invalid filter or cursor.')
  @Get()
  async list(@Auth() auth: AuthContext, @Query() query: ListEventsQuery): Promise<EventListResource> {
    const page = await this.bus.requestFor(auth, Pattern.ListEvents, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      cursor: query.cursor ?? query.starting_after,
      deliveryId: query.delivery_id,
      type: query.type,
    });
    return presentEventList(page);
  }

  @ApiOperation({ summary: 'Retrieve an event', description: 'The envelope as sent, and its delivery to each endpoint with every attempt.' })
  @ApiOkResponse({ description: 'The event with `deliveries`.', type: EventDetailResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Get(':eventId')
  async get(@Auth() auth: AuthContext, @Param('eventId') eventId: string): Promise<EventDetailResource> {
    return presentEventDetail(await this.bus.requestFor(auth, Pattern.GetEvent, { eventId }));
  }

  @ApiOperation({
    summary: 'Resend an event',
    description: 'Sends the event now to one endpoint (same body, new signature) and returns the attempt. A success settles pending retries.',
  })
  @ApiOkResponse({ description: 'The attempt: succeeded, status_code, duration_ms, error.', type: AttemptResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing` (the event, or the webhook: param webhook_id).')
  @ApiErrorResponse(400, '`invalid_request_error`: `webhook_id` is missing or invalid, or a field is unknown.')
  @ApiJsonBodyErrorResponses()
  @Post(':eventId/resend')
  @HttpCode(200)
  async resend(@Auth() auth: AuthContext, @Param('eventId') eventId: string, @Body() body: ResendEventDto): Promise<AttemptResource> {
    return presentAttempt(await this.bus.requestFor(auth, Pattern.ResendEvent, { eventId, webhookId: body.webhook_id }));
  }
}
