import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ErrorCode, MAX_SECRET_OVERLAP_HOURS, parseRecoverySince, Pattern } from '@sdd/contracts';
import {
  AttemptResource,
  DeletedWebhookResource,
  presentAttempt,
  presentDeletedWebhook,
  presentRecovery,
  presentWebhook,
  presentWebhookHealth,
  presentWebhookList,
  presentWebhookWithSecret,
  RecoveryResource,
  WebhookHealthResource,
  WebhookListResource,
  WebhookResource,
  WebhookWithSecretResource,
} from '@sdd/public-api';
import { AppError } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyedController } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { RecoverWebhookDto } from './recover-webhook.dto';
import { RotateSecretDto } from './rotate-secret.dto';
import { MerchantEmailReader } from './merchant-email.reader';
import { CreateWebhookDto, UpdateWebhookDto } from './webhook.dto';

/** "*" means every event type, so it stands alone. */
function assertEvents(events: string[] | undefined): void {
  if (events && events.includes('*') && events.length > 1) {
    throw AppError.invalidRequest(ErrorCode.ParameterInvalid, 'Invalid events: "*" already means every event; send it alone.', 'events');
  }
}

/** Webhook endpoints belong to webhook-dispatcher; the gateway validates and forwards. */
@ApiTags('Webhooks')
@ApiKeyedController()
@Controller('v1/webhooks')
export class WebhooksController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly merchantEmails: MerchantEmailReader,
  ) {}

  @ApiOperation({ summary: 'Register a webhook endpoint', description: 'The signing secret is returned only here.' })
  @ApiCreatedResponse({ description: 'The endpoint, with its secret.', type: WebhookWithSecretResource })
  @ApiErrorResponse(400, '`invalid_request_error`: invalid field (the url must be https and reach a public address), or `webhook_limit_reached` (16).')
  @ApiJsonBodyErrorResponses()
  @Post()
  @HttpCode(201)
  async create(@Auth() auth: AuthContext, @Body() body: CreateWebhookDto): Promise<WebhookWithSecretResource> {
    assertEvents(body.events);
    return presentWebhookWithSecret(
      await this.bus.requestFor(auth, Pattern.CreateWebhook, {
        url: body.url,
        events: body.events,
        description: body.description ?? null,
        notifyEmail: await this.merchantEmails.emailOf(auth.merchantId),
      }),
    );
  }

  @ApiOperation({ summary: 'List webhook endpoints', description: 'Without their secrets.' })
  @ApiOkResponse({ description: 'Every endpoint of this mode.', type: WebhookListResource })
  @Get()
  async list(@Auth() auth: AuthContext): Promise<WebhookListResource> {
    return presentWebhookList(await this.bus.requestFor(auth, Pattern.ListWebhooks, {}));
  }

  @ApiOperation({ summary: 'Update a webhook endpoint', description: 'url, events, description, active (true re-enables).' })
  @ApiOkResponse({ description: 'The endpoint.', type: WebhookResource })
  @ApiErrorResponse(400, '`invalid_request_error`: invalid field (the url must be https and reach a public address), or a field is unknown.')
  @ApiJsonBodyErrorResponses()
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Patch(':webhookId')
  async update(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body() body: UpdateWebhookDto): Promise<WebhookResource> {
    assertEvents(body.events);
    const notifyEmail = await this.merchantEmails.emailOf(auth.merchantId);
    return presentWebhook(await this.bus.requestFor(auth, Pattern.UpdateWebhook, { webhookId, ...body, notifyEmail }));
  }

  @ApiOperation({
    summary: 'Send a test event',
    description: 'Sends a signed `webhook.test` event to the endpoint now (even if disabled) and returns the attempt. Never retried.',
  })
  @ApiOkResponse({ description: 'The attempt: succeeded, status_code, duration_ms, error.', type: AttemptResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiEmptyBody()
  @Post(':webhookId/test')
  @HttpCode(200)
  async test(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<AttemptResource> {
    return presentAttempt(await this.bus.requestFor(auth, Pattern.PingWebhook, { webhookId }));
  }

  @ApiOperation({
    summary: 'Rotate the signing secret',
    description:
      'Issues a new signing secret, returned only here. Until the replaced secret expires (`expires_in_hours`, 0–24, default 24; 0 ends it now) ' +
      'every request carries one `v1=` signature per valid secret, newest first. Rotating again drops the secret before the replaced one: at most two sign.',
  })
  @ApiOkResponse({ description: 'The endpoint, with its new secret.', type: WebhookWithSecretResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `expires_in_hours` is not an integer from 0 to 24, or a field is unknown.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiJsonBodyErrorResponses()
  @Post(':webhookId/rotate_secret')
  @HttpCode(200)
  async rotateSecret(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body() body: RotateSecretDto): Promise<WebhookWithSecretResource> {
    const expiresInHours = body.expires_in_hours ?? MAX_SECRET_OVERLAP_HOURS;
    return presentWebhookWithSecret(await this.bus.requestFor(auth, Pattern.RotateWebhookSecret, { webhookId, expiresInHours }));
  }

  @ApiOperation({
    summary: 'Send failed deliveries again',
    description:
      'Every delivery to this endpoint that failed for good (all four attempts used), of an event created at or after `since` ' +
      '(RFC 3339, at most 7 days ago), is sent again and follows the retry schedule anew. Deliveries already queued again are not counted twice.',
  })
  @ApiOkResponse({ description: 'How many failed deliveries were queued again.', type: RecoveryResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `since` is missing, not a date-time, in the future or more than 7 days ago.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiErrorResponse(409, '`invalid_request_error` / `webhook_disabled`: re-enable the endpoint first.')
  @ApiJsonBodyErrorResponses()
  @Post(':webhookId/recover')
  @HttpCode(200)
  async recover(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body() body: RecoverWebhookDto): Promise<RecoveryResource> {
    const parsed = parseRecoverySince(body.since, new Date());
    if ('error' in parsed) throw AppError.invalidRequest(ErrorCode.ParameterInvalid, `Invalid since: it ${parsed.error}.`, 'since');
    return presentRecovery(await this.bus.requestFor(auth, Pattern.RecoverWebhookDestinations, { webhookId, since: parsed.since.toISOString() }));
  }

  @ApiOperation({
    summary: "An endpoint's health",
    description:
      'Its attempts of the last 24 hours (scheduled, resends, tests): how many, how many succeeded, the success rate, and the latest 5 failures with their status and response excerpt.',
  })
  @ApiOkResponse({ description: 'The health.', type: WebhookHealthResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Get(':webhookId/health')
  async health(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string): Promise<WebhookHealthResource> {
    return presentWebhookHealth(await this.bus.requestFor(auth, Pattern.GetWebhookHealth, { webhookId }));
  }

  @ApiOperation({ summary: 'Delete a webhook endpoint' })
  @ApiOkResponse({ description: 'The endpoint is deleted.', type: DeletedWebhookResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiEmptyBody()
  @Delete(':webhookId')
  @HttpCode(200)
  async delete(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<DeletedWebhookResource> {
    return presentDeletedWebhook(await this.bus.requestFor(auth, Pattern.DeleteWebhook, { webhookId }));
  }
}
