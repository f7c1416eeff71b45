import { Body, Controller, Get, Headers, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiCreatedResponse, ApiExtraModels, ApiOkResponse, ApiOperation, ApiTags, getSchemaPath } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Pattern, scopeOf, TrackingSnapshot, UnscopedRequest } from '@sdd/contracts';
import {
  CancellationPreviewResource,
  CreatedDeliveryResource,
  DeliveryListResource,
  DeliveryProofResource,
  DeliveryResource,
  presentDeliveryProof,
  presentCreatedDelivery,
  presentDelivery,
  presentDeliveryList,
  presentCancellationPreview,
  presentReroutePreview,
  ReroutePreviewResource,
  TrackingResource,
} from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { GatewayConfig } from '../config';
import { PROOF_PHOTO_STORE, ProofPhotoStore } from '../proof-photos/proof-photo.store';
import { Auth, AuthContext } from '../auth/auth-context';
import { IdempotencyService } from '../idempotency/idempotency.service';
import { idempotentCreate } from '../idempotency/idempotent-create';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyedController } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { AdvanceDeliveryDto } from './advance-delivery.dto';
import { CreateDeliveryDto } from './create-delivery.dto';
import { toCreateDeliveryRequest } from './create-delivery.mapper';
import { ListDeliveriesQuery } from './list-deliveries.query';
import { RerouteDeliveryDto } from './reroute-delivery.dto';
import { ApiIdempotencyKeyHeader } from '../idempotency/api-idempotency-key-header';

const DEFAULT_PAGE_SIZE = 20;

/** Deliveries belong to delivery-service; the gateway validates and forwards. */
@ApiTags('Deliveries')
@ApiKeyedController()
@Controller('v1')
export class DeliveriesController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    private readonly idempotency: IdempotencyService,
    @Inject(PROOF_PHOTO_STORE) private readonly photos: ProofPhotoStore,
    @Inject(APP_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @ApiOperation({ summary: 'Create a delivery from a quote', description: 'Test keys: status "simulated" with the simulated timeline.' })
  @ApiCreatedResponse({
    description: 'The delivery; the same body again, with `Idempotent-Replayed: true`, for a retry with the same Idempotency-Key.',
    type: CreatedDeliveryResource,
  })
  @ApiErrorResponse(
    400,
    '`invalid_request_error`: invalid field, `missing_checkout`, `category_quote_mismatch`, `pickup_not_licensed`; `parameter_invalid` for a malformed Idempotency-Key.',
  )
  @ApiErrorResponse(
    402,
    "`payment_error` / `checkout_not_paid`; `payment_error` / `payment_amount_mismatch`: the processor charged another amount or currency than the checkout's.",
  )
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such quote for this key.')
  @ApiErrorResponse(
    409,
    '`invalid_request_error` / `quote_already_used` or `quote_price_changed`; `idempotency_error` / `idempotency_key_in_use` (with `Retry-After`): the first request with this key is still running.',
  )
  @ApiErrorResponse(410, '`invalid_request_error` / `quote_expired`: the quote is older than 15 minutes.')
  @ApiJsonBodyErrorResponses()
  @ApiErrorResponse(422, '`idempotency_error` / `idempotency_key_reused`: the Idempotency-Key was used with another body.')
  @ApiIdempotencyKeyHeader()
  @Post('deliveries')
  @HttpCode(201)
  async create(
    @Auth() auth: AuthContext,
    @Body() body: CreateDeliveryDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<CreatedDeliveryResource | string> {
    const scope = scopeOf(auth);
    const delivery = toCreateDeliveryRequest(body, scope);
    return idempotentCreate(this.idempotency, scope, idempotencyKey, request, reply, async (requestToken) => {
      const created = await this.bus.request(Pattern.CreateDelivery, { ...delivery, idempotencyKey: requestToken }, { requestId: auth.requestId });
      return { resource: presentCreatedDelivery(created.delivery), replayed: created.replayed };
    });
  }

  @ApiOperation({
    summary: 'List deliveries',
    description: 'Newest first; keyset cursor stable under inserts. Filters combine (AND): `status`, `created[gte]`, `created[lte]`, `external_reference`.',
  })
  @ApiOkResponse({ description: 'A page of deliveries.', type: DeliveryListResource })
  @ApiErrorResponse(
    400,
    '`invalid_request_error`: `limit` outside 1–100, unknown `status`, `created[gte]`/`created[lte]` not Unix seconds, `external_reference` over 120 characters, or a cursor we did not issue.',
  )
  @Get('deliveries')
  async list(@Auth() auth: AuthContext, @Query() query: ListDeliveriesQuery): Promise<DeliveryListResource> {
    return presentDeliveryList(await this.bus.requestFor(auth, Pattern.ListDeliveries, listRequest(query)));
  }

  @ApiOperation({ summary: 'List deliveries (legacy, deprecated)', deprecated: true })
  @ApiOkResponse({
    description: 'Same as GET /v1/deliveries; removed on 2027-02-28.',
    type: DeliveryListResource,
    headers: {
      Deprecation: { description: '`true`.', schema: { type: 'string' } },
      Sunset: { description: 'When the route goes away.', schema: { type: 'string' } },
      Link: { description: 'The successor: `</v1/deliveries>; rel="successor-version"`.', schema: { type: 'string' } },
    },
  })
  @ApiErrorResponse(400, '`invalid_request_error`: as GET /v1/deliveries.')
  @Get('deliveries.list')
  async legacyList(@Auth() auth: AuthContext, @Query() query: ListDeliveriesQuery, @Res({ passthrough: true }) reply: FastifyReply): Promise<DeliveryListResource> {
    reply.header('Deprecation', 'true').header('Sunset', 'Sun, 28 Feb 2027 00:00:00 GMT').header('Link', '</v1/deliveries>; rel="successor-version"');
    return presentDeliveryList(await this.bus.requestFor(auth, Pattern.ListDeliveries, listRequest(query)));
  }

  @ApiOperation({ summary: 'Retrieve a delivery' })
  @ApiOkResponse({ description: 'The delivery.', type: DeliveryResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Get('deliveries/:deliveryId')
  async get(@Auth() auth: AuthContext, @Param('deliveryId') deliveryId: string): Promise<DeliveryResource> {
    return presentDelivery(await this.bus.requestFor(auth, Pattern.GetDelivery, { deliveryId }));
  }

  @ApiOperation({ summary: 'Track a delivery', description: 'Status, driver position (test: the simulated driver along the route) and ETA.' })
  @ApiOkResponse({ description: 'The tracking snapshot.', type: TrackingResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Get('deliveries/:deliveryId/tracking')
  tracking(@Auth() auth: AuthContext, @Param('deliveryId') deliveryId: string): Promise<TrackingSnapshot> {
    return this.bus.requestFor(auth, Pattern.GetTracking, { deliveryId });
  }

  @ApiOperation({
    summary: 'Reroute a delivery',
    description:
      'A new dropoff before pickup, re-priced: more than 10% off the fee the customer paid is refused with both fees; at most 3 reroutes per delivery. ' +
      "Without a driver it takes effect at once; with one (certified, for alcohol or cannabis, in the new route's provinces), the driver accepts or declines " +
      '(delivery.reroute_accepted / delivery.reroute_declined).',
  })
  @ApiExtraModels(ReroutePreviewResource)
  @ApiOkResponse({
    description: 'The delivery (with its new dropoff once it took effect); with `dry_run: true`, a ReroutePreview and nothing changed.',
    schema: { oneOf: [{ $ref: getSchemaPath(DeliveryResource) }, { $ref: getSchemaPath(ReroutePreviewResource) }] },
  })
  @ApiErrorResponse(
    400,
    '`invalid_request_error`: `dropoff_address` missing, invalid or not found (`address_not_found`), `dry_run` not a boolean, or `restricted_route` (cannabis across a provincial border).',
  )
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiErrorResponse(
    409,
    '`invalid_request_error` / `reroute_not_allowed` (picked up or later), `reroute_pending`, `reroute_price_changed` (more than 10% from what the customer paid), ' +
      "`reroute_limit_reached` (3 reroutes already) or `reroute_driver_not_certified` (the assigned driver lacks the new route's certification); a dry run is refused the same way.",
  )
  @ApiJsonBodyErrorResponses()
  @Post('deliveries/:deliveryId/reroute')
  @HttpCode(200)
  async reroute(@Auth() auth: AuthContext, @Param('deliveryId') deliveryId: string, @Body() body: RerouteDeliveryDto): Promise<DeliveryResource | ReroutePreviewResource> {
    const request = { deliveryId, dropoffAddress: body.dropoff_address };
    if (body.dry_run) return presentReroutePreview(await this.bus.requestFor(auth, Pattern.PreviewReroute, request));
    return presentDelivery(await this.bus.requestFor(auth, Pattern.RerouteDelivery, request));
  }

  @ApiOperation({
    summary: 'Proof of delivery',
    description:
      "Recipient name, whether the PIN and the ID were checked, when, and the driver's photos as signed URLs that expire (PROOF_URL_TTL_SECONDS, 15 minutes by default).",
  })
  @ApiOkResponse({ description: 'The proof.', type: DeliveryProofResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`, or `proof_not_available` until the delivery is delivered.')
  @Get('deliveries/:deliveryId/proof')
  async proof(@Auth() auth: AuthContext, @Param('deliveryId') deliveryId: string): Promise<DeliveryProofResource> {
    const proof = await this.bus.requestFor(auth, Pattern.GetDeliveryProof, { deliveryId });
    const expiresAt = new Date(Date.now() + this.config.PROOF_URL_TTL_SECONDS * 1000);
    return presentDeliveryProof(proof, (key) => ({ url: this.photos.signedUrl(key, expiresAt), expiresAt }));
  }

  @ApiOperation({
    summary: 'Preview a cancellation',
    description:
      'Whether POST /v1/deliveries/{id}/cancel would be accepted now (if not, its error) and what it would refund and keep, by part: from the rules the cancel and its refund use. Changes nothing.',
  })
  @ApiOkResponse({ description: 'The preview.', type: CancellationPreviewResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @Get('deliveries/:deliveryId/cancellation')
  async cancellation(@Auth() auth: AuthContext, @Param('deliveryId') deliveryId: string): Promise<CancellationPreviewResource> {
    return presentCancellationPreview(await this.bus.requestFor(auth, Pattern.PreviewCancellation, { deliveryId }));
  }

  @ApiOperation({ summary: 'Cancel a delivery', description: 'Cancellable while created or pending; cancelling twice returns the same record.' })
  @ApiOkResponse({ description: 'The cancelled delivery.', type: DeliveryResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiErrorResponse(409, '`invalid_request_error` / `delivery_in_progress` or `delivery_not_cancellable`.')
  @ApiEmptyBody()
  @Post('deliveries/:deliveryId/cancel')
  @HttpCode(200)
  async cancel(@Auth() auth: AuthContext, @Param('deliveryId') deliveryId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<DeliveryResource> {
    return presentDelivery(await this.bus.requestFor(auth, Pattern.CancelDelivery, { deliveryId }));
  }
}

@ApiTags('Test helpers')
@ApiKeyedController()
@Controller('v1/test_helpers/deliveries')
export class DeliveryTestHelpersController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'Test helper: advance a test delivery',
    description: 'Test keys only (404 for live keys). Moves the delivery through the same transition as the timeline, with its event.',
  })
  @ApiOkResponse({ description: 'The delivery after the move.', type: DeliveryResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `to` is not a delivery status, or a field is unknown.')
  @ApiJsonBodyErrorResponses()
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`.')
  @ApiErrorResponse(409, '`invalid_request_error` / `delivery_transition_invalid`: the state machine does not allow that move.')
  @Post(':deliveryId/advance')
  @HttpCode(200)
  async advance(@Auth() auth: AuthContext, @Param('deliveryId') deliveryId: string, @Body() body: AdvanceDeliveryDto): Promise<DeliveryResource> {
    return presentDelivery(await this.bus.requestFor(auth, Pattern.AdvanceDelivery, { deliveryId, to: body.to }));
  }
}

function listRequest(query: ListDeliveriesQuery): UnscopedRequest<typeof Pattern.ListDeliveries> {
  return {
    limit: query.limit ?? DEFAULT_PAGE_SIZE,
    cursor: query.cursor ?? query.starting_after,
    status: query.status,
    createdGte: unixSecondsToIso(query['created[gte]']),
    createdLte: unixSecondsToIso(query['created[lte]']),
    externalReference: query.external_reference,
  };
}

function unixSecondsToIso(seconds: number | undefined): string | undefined {
  return seconds === undefined ? undefined : new Date(seconds * 1000).toISOString();
}
