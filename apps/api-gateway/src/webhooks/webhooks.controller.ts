import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  AttemptView,
  CreatedWebhookView,
  DeletedWebhook,
  ErrorCode,
  MAX_SECRET_OVERLAP_HOURS,
  parseRecoverySince,
  Pattern,
  RecoveryView,
  WebhookList,
  WebhookView,
} from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyAuth, ApiRateLimitedResponse } from '../openapi/decorators';
import { AttemptResponse } from '../openapi/event.response';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { RecoverWebhookDto } from './recover-webhook.dto';
import { RotateSecretDto } from './rotate-secret.dto';
import { CreateWebhookDto, UpdateWebhookDto } from './webhook.dto';

/** "*" means every event type, so it stands alone. */
function assertEvents(events: string[] | undefined): void {
  if (events && events.includes('*') && events.length > 1) {
    throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'Invalid events: "*" already means every event; send it alone.', 'events');
  }
}

/** Webhook endpoints belong to webhook-dispatcher; the gateway validates and forwards. */
@ApiTags('Webhooks')
@ApiKeyAuth()
@ApiRateLimitedResponse()
@ApiErrorResponse(401, '`authentication_error` / `api_key_missing` or `api_key_invalid`.')
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({ summary: 'Register a webhook endpoint', description: 'The signing secret is returned only here.' })
  @ApiCreatedResponse({ description: 'The endpoint, with its secret.' })
  @ApiErrorResponse(400, '`invalid_request_error`: invalid field (the url must be https and reach a public address), or `webhook_limit_reached` (16).')
  @ApiJsonBodyErrorResponses()
  @Post()
  @HttpCode(201)
  create(@Auth() auth: AuthContext, @Body() body: CreateWebhookDto): Promise<CreatedWebhookView> {
    assertEvents(body.events);
    return this.bus.requestFor(auth, Pattern.CreateWebhook, { url: body.url, events: body.events, description: body.description ?? null });
  }

  @ApiOperation({ summary: 'List webhook endpoints', description: 'Without their secrets.' })
  @ApiOkResponse({ description: '{data: [...]}' })
  @Get()
  list(@Auth() auth: AuthContext): Promise<WebhookList> {
    return this.bus.requestFor(auth, Pattern.ListWebhooks, {});
  }

  @ApiOperation({ summary: 'Update a webhook endpoint', description: 'url, events, description, active (true re-enables).' })
  @ApiOkResponse({ description: 'The endpoint.' })
  @ApiErrorResponse(400, '`invalid_request_error`: invalid field.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Patch(':webhookId')
  update(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body() body: UpdateWebhookDto): Promise<WebhookView> {
    assertEvents(body.events);
    return this.bus.requestFor(auth, Pattern.UpdateWebhook, { webhookId, ...body });
  }

  @ApiOperation({
    summary: 'Send a test event',
    description: 'Sends a signed `webhook.test` event to the endpoint now (even if disabled) and returns the attempt. Never retried.',
  })
  @ApiOkResponse({ description: 'The attempt: succeeded, status_code, duration_ms, error.', type: AttemptResponse })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiEmptyBody()
  @Post(':webhookId/test')
  @HttpCode(200)
  test(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<AttemptView> {
    return this.bus.requestFor(auth, Pattern.SendTestWebhook, { webhookId });
  }

  @ApiOperation({
    summary: 'Rotate the signing secret',
    description:
      'Issues a new signing secret, returned only here. Until the replaced secret expires (`expires_in_hours`, 0–24, default 24; 0 ends it now) ' +
      'every request carries one `v1=` signature per valid secret, newest first. Rotating again drops the secret before the replaced one: at most two sign.',
  })
  @ApiOkResponse({ description: 'The endpoint, with its new secret.' })
  @ApiErrorResponse(400, '`invalid_request_error`: `expires_in_hours` is not an integer from 0 to 24, or a field is unknown.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiJsonBodyErrorResponses()
  @Post(':webhookId/rotate_secret')
  @HttpCode(200)
  rotateSecret(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body() body: RotateSecretDto): Promise<CreatedWebhookView> {
    return this.bus.requestFor(auth, Pattern.RotateWebhookSecret, { webhookId, expiresInHours: body.expires_in_hours ?? MAX_SECRET_OVERLAP_HOURS });
  }

  @ApiOperation({
    summary: 'Send failed deliveries again',
    description:
      'Every delivery to this endpoint that failed for good (all four attempts used), of an event created at or after `since` ' +
      '(RFC 3339, at most 7 days ago), is sent again and follows the retry schedule anew. Deliveries already queued again are not counted twice.',
  })
  @ApiOkResponse({ description: '{queued: n}: how many failed deliveries were queued again.' })
  @ApiErrorResponse(400, '`invalid_request_error`: `since` is missing, not a date-time, in the future or more than 7 days ago.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiErrorResponse(409, '`invalid_request_error` / `webhook_disabled`: re-enable the endpoint first.')
  @ApiJsonBodyErrorResponses()
  @Post(':webhookId/recover')
  @HttpCode(200)
  recover(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body() body: RecoverWebhookDto): Promise<RecoveryView> {
    const parsed = parseRecoverySince(body.since, new Date());
    if ('error' in parsed) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, `Invalid since: it ${parsed.error}.`, 'since');
    return this.bus.requestFor(auth, Pattern.RecoverWebhookDeliveries, { webhookId, since: parsed.since.toISOString() });
  }

  @ApiOperation({ summary: 'Delete a webhook endpoint' })
  @ApiOkResponse({ description: '{id, deleted: true}' })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiEmptyBody()
  @Delete(':webhookId')
  @HttpCode(200)
  delete(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<DeletedWebhook> {
    return this.bus.requestFor(auth, Pattern.DeleteWebhook, { webhookId });
  }
}
