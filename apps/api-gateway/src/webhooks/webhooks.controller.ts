import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { firstValueFrom } from 'rxjs';
import { AttemptView, CreatedWebhookView, ErrorCode, MerchantScope, Pattern, WebhookView } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyAuth, ApiRateLimitedResponse } from '../openapi/decorators';
import { AttemptResponse } from '../openapi/event.response';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
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
    return firstValueFrom(
      this.bus.send(Pattern.CreateWebhook, { scope: scopeOf(auth), url: body.url, events: body.events, description: body.description ?? null }),
    );
  }

  @ApiOperation({ summary: 'List webhook endpoints', description: 'Without their secrets.' })
  @ApiOkResponse({ description: '{data: [...]}' })
  @Get()
  list(@Auth() auth: AuthContext): Promise<{ data: WebhookView[] }> {
    return firstValueFrom(this.bus.send(Pattern.ListWebhooks, { scope: scopeOf(auth) }));
  }

  @ApiOperation({ summary: 'Update a webhook endpoint', description: 'url, events, description, active (true re-enables).' })
  @ApiOkResponse({ description: 'The endpoint.' })
  @ApiErrorResponse(400, '`invalid_request_error`: invalid field.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Patch(':webhookId')
  update(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body() body: UpdateWebhookDto): Promise<WebhookView> {
    assertEvents(body.events);
    return firstValueFrom(this.bus.send(Pattern.UpdateWebhook, { scope: scopeOf(auth), webhookId, ...body }));
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
    return firstValueFrom(this.bus.send(Pattern.SendTestWebhook, { scope: scopeOf(auth), webhookId }));
  }

  @ApiOperation({ summary: 'Delete a webhook endpoint' })
  @ApiOkResponse({ description: '{id, deleted: true}' })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiEmptyBody()
  @Delete(':webhookId')
  @HttpCode(200)
  delete(@Auth() auth: AuthContext, @Param('webhookId') webhookId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<{ id: string; deleted: true }> {
    return firstValueFrom(this.bus.send(Pattern.DeleteWebhook, { scope: scopeOf(auth), webhookId }));
  }
}

function scopeOf(auth: AuthContext): MerchantScope {
  return { merchantId: auth.merchantId, mode: auth.mode };
}
