import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, UseGuards } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Pattern } from '@sdd/contracts';
import { OpsDeliveryListResource, OpsDeliveryResource, presentOpsDelivery, presentOpsDeliveryList } from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Public, RequestId } from '../auth/auth-context';
import { ApiEmptyBody, ApiErrorResponse, ApiOpsController } from '../openapi/decorators';
import { OpsCredentialGuard } from '../ops-sessions/ops-credential.guard';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { ListOpsDeliveriesQuery } from './list-ops-deliveries.query';

/** Operators watch live deliveries across merchants and step in on the stuck ones; no merchant key opens these routes. */
@ApiTags('Operators')
@ApiOpsController()
@Public()
@UseGuards(OpsCredentialGuard)
@Controller('v1/ops/deliveries')
export class OpsDeliveriesController {
  constructor(@Inject(BUS_CLIENT) private readonly bus: BusClient) {}

  @ApiOperation({
    summary: 'List live deliveries under way',
    description: 'Every merchant’s paid live deliveries waiting for a driver or with one, oldest first, at most 500; with `state=stuck`, only those needing an operator.',
  })
  @ApiOkResponse({ description: 'The deliveries.', type: OpsDeliveryListResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `state` is not `active` or `stuck`.')
  @Get()
  async list(@Query() query: ListOpsDeliveriesQuery, @RequestId() requestId: string): Promise<OpsDeliveryListResource> {
    return presentOpsDeliveryList(await this.bus.request(Pattern.ListOpsDeliveries, { state: query.state ?? 'active' }, { requestId }));
  }

  @ApiOperation({
    summary: 'Offer a live delivery again',
    description:
      'The driver holding it (not yet picked up) or offered it is withdrawn and never asked again, and matching starts over for it, its clock reset. ' +
      'No event: the next driver’s acceptance emits `delivery.driver_assigned`. Repeating it leaves the delivery in matching.',
  })
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The delivery, back in matching.', type: OpsDeliveryResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such live delivery.')
  @ApiErrorResponse(409, '`invalid_request_error` / `delivery_not_reofferable`: it was picked up, or it ended.')
  @Post(':deliveryId/reoffer')
  @HttpCode(200)
  async reoffer(@Param('deliveryId') deliveryId: string, @Body(EmptyBodyPipe) _body: unknown, @RequestId() requestId: string): Promise<OpsDeliveryResource> {
    return presentOpsDelivery(await this.bus.request(Pattern.ReofferDelivery, { deliveryId }, { requestId }));
  }

  @ApiOperation({
    summary: 'Cancel a live delivery, refunded',
    description:
      'The merchant’s own cancellation, for its merchant: cancellable while pending; `delivery.cancelled` is emitted and the payment refunded as for a merchant’s ' +
      'cancel. Cancelling twice returns the same delivery.',
  })
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The cancelled delivery.', type: OpsDeliveryResource })
  @ApiErrorResponse(404, '`invalid_request_error` / `resource_missing`: no such live delivery.')
  @ApiErrorResponse(409, '`invalid_request_error` / `delivery_in_progress` (a driver holds it: re-offer it first) or `delivery_not_cancellable` (it ended).')
  @Post(':deliveryId/cancel')
  @HttpCode(200)
  async cancel(@Param('deliveryId') deliveryId: string, @Body(EmptyBodyPipe) _body: unknown, @RequestId() requestId: string): Promise<OpsDeliveryResource> {
    return presentOpsDelivery(await this.bus.request(Pattern.OpsCancelDelivery, { deliveryId }, { requestId }));
  }
}
