import { Controller, Headers, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Pattern } from '@sdd/contracts';
import { ProcessorEventReceiptResource } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { AppError } from '@sdd/common';
import { Public } from '../auth/auth-context';
import { WithRouteTraits } from '../http/route-traits';
import { rawBodyOf } from '../json-body/json-body.parser';
import { ApiErrorResponse, ApiRateLimitedResponse, ApiServiceUnavailableResponse } from '../openapi/decorators';

/**
 * The payment processor's events (payment_intent.*, account.updated). No API
 * key: payment-service verifies the Stripe-Signature against the body exactly
 * as it arrived, so the gateway passes the raw text on untouched.
 */
@ApiTags('Payment processor')
@ApiRateLimitedResponse()
@ApiServiceUnavailableResponse()
@Controller('v1/stripe')
export class ProcessorEventsController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: "The payment processor's event endpoint",
    description: 'For Stripe only: events signed with the endpoint secret of the mode. Each event is applied once, by its id.',
    security: [],
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiOkResponse({ description: 'Received.', type: ProcessorEventReceiptResource })
  @ApiErrorResponse(
    400,
    '`invalid_request_error` / `signature_invalid`: the signature does not match the body, or is missing; `parameter_missing` / `parameter_invalid` (param `data.object` / `data.object.id`): a signed event without the object it is about.',
  )
  @Public()
  @WithRouteTraits({ rawBody: true })
  @Post('webhook')
  @HttpCode(200)
  async receive(@Req() request: FastifyRequest, @Headers('stripe-signature') signature: string | undefined): Promise<ProcessorEventReceiptResource> {
    const payload = rawBodyOf(request);
    if (payload === undefined || !signature) {
      throw AppError.invalidRequest('signature_invalid', 'A Stripe-Signature header and a JSON body are required.', 'Stripe-Signature');
    }
    return this.bus.request(Pattern.ReceiveProcessorEvent, { payload, signature }, { requestId: request.id });
  }
}
