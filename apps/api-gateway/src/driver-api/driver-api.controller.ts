import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { EARNINGS_MAX_DAYS, Pattern, ProofPhotoRecord } from '@sdd/contracts';
import { AppError, proofPhotoKey } from '@sdd/common';
import {
  DriverAssignmentResource,
  DriverEarningsResource,
  DriverProofPhotoResource,
  DriverResource,
  OfferListResource,
  OfferResource,
  presentDriver,
  presentDriverAssignment,
  presentDriverEarnings,
  presentDriverProofPhoto,
  presentOffer,
  presentOfferList,
  presentRerouteList,
  RerouteListResource,
} from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Public, RequestId } from '../auth/auth-context';
import { WithRouteTraits } from '../http/route-traits';
import { DriverToken } from '../auth/driver-token.guard';
import { DriverCredentialGuard } from '../driver-sessions/driver-credential.guard';
import { ApiEmptyBody, ApiDriverController, ApiErrorResponse, ApiJsonBodyErrorResponses } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { sniffImageType } from '../proof-photos/image-type';
import { isStagedPhoto } from '../proof-photos/photo-receiver';
import { photoContentMismatch, photoMediaTypeUnsupported, photoNotFound } from '../proof-photos/proof-photo-errors';
import { MAX_PHOTO_BYTES, PROOF_PHOTO_STORE, ProofPhotoStore } from '../proof-photos/proof-photo.store';
import { AnswerRerouteDto, DriverAvailabilityDto, DriverLocationDto, DriverReportDto } from './driver-api.dto';
import { DriverEarningsQuery } from './driver-earnings.query';

/** The earnings list's page without `limit`, as every list of the API. */
const DEFAULT_PAGE_SIZE = 20;

/** The driver app's interface: each driver with its own token (or the app's session in its place); every report goes through the delivery state machine. */
@ApiTags('Drivers')
@ApiDriverController()
@Public()
@WithRouteTraits({ budget: 'driver' })
@UseGuards(DriverCredentialGuard)
@Controller('v1/driver')
export class DriverApiController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(PROOF_PHOTO_STORE) private readonly photos: ProofPhotoStore,
  ) {}

  @ApiOperation({ summary: 'Go online or offline' })
  @ApiOkResponse({ description: 'The driver.', type: DriverResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `online` is missing or not a boolean.')
  @ApiErrorResponse(403, '`permission_error` / `driver_deactivated`: going online while an operator has deactivated the driver.')
  @ApiJsonBodyErrorResponses()
  @Post('availability')
  @HttpCode(200)
  async availability(@DriverToken() tokenHash: string, @RequestId() requestId: string, @Body() body: DriverAvailabilityDto): Promise<DriverResource> {
    return presentDriver(await this.bus.request(Pattern.SetDriverAvailability, { tokenHash, online: body.online }, { requestId }));
  }

  @ApiOperation({ summary: 'Post the current location', description: 'Matching and live tracking read it.' })
  @ApiOkResponse({ description: 'The driver.', type: DriverResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `lat` or `lng` is missing or out of range.')
  @ApiJsonBodyErrorResponses()
  @Post('location')
  @HttpCode(200)
  async location(@DriverToken() tokenHash: string, @RequestId() requestId: string, @Body() body: DriverLocationDto): Promise<DriverResource> {
    return presentDriver(await this.bus.request(Pattern.PostDriverLocation, { tokenHash, lat: body.lat, lng: body.lng }, { requestId }));
  }

  @ApiOperation({ summary: 'List open offers', description: 'At most one at a time: a delivery offered to this driver until `expires_at`.' })
  @ApiOkResponse({ description: 'The open offers.', type: OfferListResource })
  @Get('offers')
  async offers(@DriverToken() tokenHash: string, @RequestId() requestId: string): Promise<OfferListResource> {
    return presentOfferList(await this.bus.request(Pattern.ListDriverOffers, { tokenHash }, { requestId }));
  }

  @ApiOperation({ summary: 'Accept an offer', description: 'Assigns the delivery to this driver (driver_assigned). Of two accepts, one wins.' })
  @ApiOkResponse({ description: 'The accepted offer.', type: OfferResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such offer for this driver.')
  @ApiErrorResponse(409, '`invalid_request_error` / `offer_not_open` (expired, declined, withdrawn or taken) or `driver_offline`.')
  @ApiEmptyBody()
  @Post('offers/:offerId/accept')
  @HttpCode(200)
  async accept(@DriverToken() tokenHash: string, @RequestId() requestId: string, @Param('offerId') offerId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<OfferResource> {
    return presentOffer(await this.bus.request(Pattern.AcceptOffer, { tokenHash, offerId }, { requestId }));
  }

  @ApiOperation({ summary: 'Decline an offer', description: 'The delivery goes to the next driver.' })
  @ApiOkResponse({ description: 'The declined offer.', type: OfferResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such offer for this driver.')
  @ApiErrorResponse(409, '`invalid_request_error` / `offer_not_open`.')
  @ApiEmptyBody()
  @Post('offers/:offerId/decline')
  @HttpCode(200)
  async decline(@DriverToken() tokenHash: string, @RequestId() requestId: string, @Param('offerId') offerId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<OfferResource> {
    return presentOffer(await this.bus.request(Pattern.DeclineOffer, { tokenHash, offerId }, { requestId }));
  }

  @ApiOperation({ summary: 'List reroutes waiting for an answer', description: "New dropoffs merchants asked for on this driver's deliveries." })
  @ApiOkResponse({ description: 'The pending reroutes.', type: RerouteListResource })
  @Get('reroutes')
  async reroutes(@DriverToken() tokenHash: string, @RequestId() requestId: string): Promise<RerouteListResource> {
    return presentRerouteList(await this.bus.request(Pattern.ListDriverReroutes, { tokenHash }, { requestId }));
  }

  @ApiOperation({ summary: 'Answer a reroute', description: 'Accepted: the new dropoff and fee take effect (delivery.reroute_accepted); declined: delivery.reroute_declined.' })
  @ApiOkResponse({ description: 'Where the delivery stands.', type: DriverAssignmentResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `accept` is missing or not a boolean.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: not a delivery assigned to this driver.')
  @ApiErrorResponse(409, '`invalid_request_error` / `no_reroute_pending`.')
  @ApiJsonBodyErrorResponses()
  @Post('deliveries/:deliveryId/reroute')
  @HttpCode(200)
  async answerReroute(
    @DriverToken() tokenHash: string,
    @RequestId() requestId: string,
    @Param('deliveryId') deliveryId: string,
    @Body() body: AnswerRerouteDto,
  ): Promise<DriverAssignmentResource> {
    return presentDriverAssignment(await this.bus.request(Pattern.AnswerReroute, { tokenHash, deliveryId, accept: body.accept }, { requestId }));
  }

  @ApiOperation({
    summary: 'Report a delivery step',
    description:
      'driver_at_pickup, picked_up, in_transit, delivered (recipient_name, pin, and for alcohol or cannabis the recipient_birth_date), failed (with a reason) ' +
      'or returned (back at the pickup, for deliveries created with undeliverable_action return_to_pickup), through the delivery state machine.',
  })
  @ApiOkResponse({ description: 'Where the delivery stands now.', type: DriverAssignmentResource })
  @ApiErrorResponse(400, '`invalid_request_error`: an invalid field, or `failed` without a `reason`.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: not a delivery assigned to this driver.')
  @ApiErrorResponse(
    409,
    '`invalid_request_error` / `delivery_transition_invalid`, `pin_mismatch` (a wrong PIN, counted), `pin_locked` (the fifth wrong PIN, and any PIN after it; ' +
      '`param` `pin`), `proof_photo_required` (delivered without a PIN once it is locked, before a proof photo is attached) or `return_not_requested`.',
  )
  @ApiJsonBodyErrorResponses()
  @Post('deliveries/:deliveryId/status')
  @HttpCode(200)
  async report(
    @DriverToken() tokenHash: string,
    @RequestId() requestId: string,
    @Param('deliveryId') deliveryId: string,
    @Body() body: DriverReportDto,
  ): Promise<DriverAssignmentResource> {
    const moved = await this.bus.request(
      Pattern.ReportDeliveryStatus,
      {
        tokenHash,
        deliveryId,
        status: body.status,
        reason: body.reason ?? null,
        recipientName: body.recipient_name ?? null,
        pin: body.pin ?? null,
        recipientBirthDate: body.recipient_birth_date ?? null,
      },
      { requestId },
    );
    return presentDriverAssignment(moved);
  }

  @ApiOperation({
    summary: "List the driver's earnings",
    description:
      'What this driver earned per delivered delivery (DRIVER_PAYOUT_PERCENT of its fee), over the days `from`–`to` of `tz` (default: the last 7 days in UTC): ' +
      'the total of each day, and the deliveries newest first, keyset-paginated. Stops show their area only.',
  })
  @ApiOkResponse({ description: 'The days and a page of deliveries.', type: DriverEarningsResource })
  @ApiErrorResponse(
    400,
    '`invalid_request_error` / `parameter_invalid`, naming the field: `tz` not an IANA time zone, `from` or `to` not a date (YYYY-MM-DD), `from` after `to` or more than ' +
      `${EARNINGS_MAX_DAYS} days before it, \`limit\` outside 1–100, or a cursor we did not issue.`,
  )
  @Get('earnings')
  async earnings(@DriverToken() tokenHash: string, @RequestId() requestId: string, @Query() query: DriverEarningsQuery): Promise<DriverEarningsResource> {
    const earnings = await this.bus.request(
      Pattern.ListDriverEarnings,
      {
        tokenHash,
        timeZone: query.tz ?? 'UTC',
        from: query.from ?? null,
        to: query.to ?? null,
        limit: query.limit ?? DEFAULT_PAGE_SIZE,
        cursor: query.cursor ?? query.starting_after ?? null,
      },
      { requestId },
    );
    return presentDriverEarnings(earnings);
  }

  @ApiOperation({
    summary: 'Attach a proof-of-delivery photo',
    description:
      `The photo is the body (JPEG, PNG or WebP, at most ${MAX_PHOTO_BYTES / 1024 / 1024} MB), once the package is picked up and until 30 minutes after delivery; ` +
      'at most 5 per delivery. The same photo sent again is attached once. Merchants see it in GET /v1/deliveries/{id}/proof.',
  })
  @ApiConsumes('image/jpeg', 'image/png', 'image/webp')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiCreatedResponse({ description: 'The attached photo.', type: DriverProofPhotoResource })
  @ApiErrorResponse(400, '`invalid_request_error` / `parameter_invalid`: the bytes are not an image of the Content-Type sent.')
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: not a delivery assigned to this driver.')
  @ApiErrorResponse(409, '`invalid_request_error` / `proof_photo_not_allowed` (not picked up yet, or delivered long ago) or `proof_photo_limit`.')
  @ApiErrorResponse(413, '`invalid_request_error` / `payload_too_large`.')
  @ApiErrorResponse(415, '`invalid_request_error` / `unsupported_media_type`: Content-Type is not image/jpeg, image/png or image/webp.')
  @WithRouteTraits({ photoBody: true })
  @Post('deliveries/:deliveryId/photos')
  @HttpCode(201)
  async photo(@DriverToken() tokenHash: string, @Param('deliveryId') deliveryId: string, @Req() request: FastifyRequest): Promise<DriverProofPhotoResource> {
    const photo = request.body;
    if (!isStagedPhoto(photo)) throw photoMediaTypeUnsupported();
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(deliveryId)) throw photoNotFound();
    const contentType = sniffImageType(photo.head);
    const declared = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (contentType === undefined || contentType !== declared) throw photoContentMismatch(declared);
    const { sha256 } = photo;
    const key = proofPhotoKey(deliveryId, tokenHash, sha256, contentType);
    await this.photos.put(key, photo, contentType);
    let attached: ProofPhotoRecord;
    try {
      attached = await this.bus.request(Pattern.AddProofPhoto, { tokenHash, deliveryId, key, contentType, bytes: photo.size, sha256 }, { requestId: request.id });
    } catch (error) {
      // Refused: nothing names this photo, and only this driver's upload could have written its key. Unknown (a timeout): it may be attached, keep it.
      if (error instanceof AppError && error.status < 500) await this.photos.delete(key);
      throw error;
    }
    return presentDriverProofPhoto(deliveryId, attached);
  }
}
