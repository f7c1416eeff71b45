import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pattern, scopeOf } from '@sdd/contracts';
import { CheckoutListResource, CheckoutResource, presentCheckout, presentCheckoutList } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext } from '../auth/auth-context';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { idempotentCreate } from '../idempotency/idempotent-create';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyedController } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { CreateCheckoutDto, PayTestCheckoutDto } from './create-checkout.dto';
import { ListCheckoutsQuery } from './list-checkouts.query';
import { ApiIdempotencyKeyHeader } from '../idempotency/api-idempotency-key-header';

const DEFAULT_PAGE_SIZE = 20;

/** Checkouts belong to payment-service; the gateway validates and forwards. */
@ApiTags('Checkouts')
@ApiKeyedController()
@Controller('v1')
export class CheckoutsController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly idempotency: IdempotencyService,
  ) {}

  @ApiOperation({
    summary: 'Create a checkout',
    description: "One payment for the items plus the quote's delivery fee. Live keys need a connected account (POST /v1/merchants/connect).",
  })
  @ApiCreatedResponse({ description: 'The checkout; the same body again, with `Idempotent-Replayed: true`, for a retry with the same Idempotency-Key.', type: CheckoutResource })
  @ApiErrorResponse(400, '`invalid_request_error`: an invalid field (named in `param`).')
  @ApiErrorResponse(403, '`permission_error` / `stripe_not_connected`: live mode before connected-account onboarding is complete.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such quote for this key.')
  @ApiErrorResponse(409, '`invalid_request_error` / `quote_already_used`; `idempotency_error` / `idempotency_key_in_use` (with `Retry-After`).')
  @ApiErrorResponse(410, '`invalid_request_error` / `quote_expired`.')
  @ApiJsonBodyErrorResponses()
  @ApiErrorResponse(422, '`idempotency_error` / `idempotency_key_reused`: the Idempotency-Key was used with another body.')
  @ApiIdempotencyKeyHeader()
  @Post('checkouts')
  @HttpCode(201)
  async create(
    @Auth() auth: AuthContext,
    @Body() body: CreateCheckoutDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CheckoutResource | string> {
    const scope = scopeOf(auth);
    return idempotentCreate(this.idempotency, scope, idempotencyKey, request, reply, async (requestToken) => {
      const created = await this.bus.request(
        Pattern.CreateCheckout,
        {
          scope,
          quoteId: body.quote_id,
          itemsSubtotal: body.items_subtotal ?? 0,
          successUrl: body.success_url ?? null,
          cancelUrl: body.cancel_url ?? null,
          customer: { name: body.customer?.name ?? null, email: body.customer?.email ?? null, phone: body.customer?.phone ?? null },
          stripeVersion: body.stripe_version ?? null,
          idempotencyKey: requestToken,
        },
        { requestId: auth.requestId },
      );
      return { resource: presentCheckout(created.checkout), replayed: created.replayed };
    });
  }

  @ApiOperation({
    summary: 'List checkouts',
    description:
      "The key's mode's checkouts, newest first, each with its status and refunds; `delivery_id` finds the one that paid for a delivery. Statuses are read from what payment-service recorded: " +
      'unlike retrieving one, listing does not ask the processor about a payment it has not reported yet.',
  })
  @ApiOkResponse({ description: 'A page of checkouts (ephemeral_key is always null here).', type: CheckoutListResource })
  @ApiErrorResponse(
    400,
    '`invalid_request_error`: `limit` outside 1–100, a `status` that is not a checkout status, a `delivery_id` that is not a delivery id, or a cursor we did not issue (named in `param`).',
  )
  @Get('checkouts')
  async list(@Auth() auth: AuthContext, @Query() query: ListCheckoutsQuery): Promise<CheckoutListResource> {
    const page = await this.bus.requestFor(auth, Pattern.ListCheckouts, {
      limit: query.limit ?? DEFAULT_PAGE_SIZE,
      cursor: query.cursor ?? query.starting_after,
      status: query.status,
      deliveryId: query.delivery_id,
    });
    return presentCheckoutList(page);
  }

  @ApiOperation({
    summary: 'Retrieve a checkout',
    description:
      'Status open, paid, failed (still payable), expired, cancelled, used, or refunded / partially_refunded (a used checkout whose delivery was refunded); ' +
      '`refunds` and `amount_refunded` show every refund of its payment.',
  })
  @ApiOkResponse({ description: 'The checkout (ephemeral_key is only in the creation response).', type: CheckoutResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Get('checkouts/:checkoutId')
  async get(@Auth() auth: AuthContext, @Param('checkoutId') checkoutId: string): Promise<CheckoutResource> {
    return presentCheckout(await this.bus.requestFor(auth, Pattern.GetCheckout, { checkoutId }));
  }

  @ApiOperation({
    summary: 'Cancel a checkout',
    description: 'An unpaid checkout can no longer be paid; a paid one that funds no delivery is refunded in full. Cancelling twice returns the same record.',
  })
  @ApiOkResponse({ description: 'The cancelled checkout.', type: CheckoutResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiErrorResponse(409, '`invalid_request_error` / `checkout_not_cancellable`: a delivery uses it (cancel the delivery instead), or it expired.')
  @ApiEmptyBody()
  @Post('checkouts/:checkoutId/cancel')
  @HttpCode(200)
  async cancel(@Auth() auth: AuthContext, @Param('checkoutId') checkoutId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<CheckoutResource> {
    return presentCheckout(await this.bus.requestFor(auth, Pattern.CancelCheckout, { checkoutId }));
  }
}

@ApiTags('Test helpers')
@ApiKeyedController()
@Controller('v1/test_helpers/checkouts')
export class CheckoutTestHelpersController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'Test helper: pay a test checkout',
    description: "Test keys only (404 for live keys). Pays with a test card as the hosted page would, through the processor's test mode.",
  })
  @ApiOkResponse({ description: 'The checkout after the attempt: `paid`, or `open` while 3-D Secure waits for the customer.', type: CheckoutResource })
  @ApiErrorResponse(400, '`invalid_request_error` / `parameter_invalid`: not one of the test cards.')
  @ApiErrorResponse(402, '`payment_error` / `card_declined`: the checkout stays payable.')
  @ApiJsonBodyErrorResponses()
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiErrorResponse(409, '`invalid_request_error` / `checkout_not_payable`: paid, used, cancelled or expired.')
  @Post(':checkoutId/pay')
  @HttpCode(200)
  async pay(@Auth() auth: AuthContext, @Param('checkoutId') checkoutId: string, @Body() body: PayTestCheckoutDto): Promise<CheckoutResource> {
    return presentCheckout(await this.bus.requestFor(auth, Pattern.PayTestCheckout, { checkoutId, card: body.card }));
  }
}
