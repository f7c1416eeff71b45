import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  AdvanceDeliveryRequest,
  CancellationPreviewRecord,
  CountRecentDeliveriesRequest,
  CreateDeliveryReply,
  CreateDeliveryRequest,
  DeliveryRecordPage,
  DeliveryRef,
  DeliveryRecord,
  ListDeliveriesRequest,
  Pattern,
  PublicTracking,
  PublicTrackingRequest,
  TrackingSnapshot,
} from '@sdd/contracts';
import { AdvanceDeliveryHandler } from './advance-delivery.handler';
import { CancelDeliveryHandler } from './cancel-delivery.handler';
import { CountRecentDeliveriesHandler } from './count-recent-deliveries.handler';
import { CreateDeliveryHandler } from './create-delivery.handler';
import { GetDeliveryHandler } from './get-delivery.handler';
import { GetPublicTrackingHandler } from './get-public-tracking.handler';
import { GetTrackingHandler } from './get-tracking.handler';
import { ListDeliveriesHandler } from './list-deliveries.handler';
import { PreviewCancellationHandler } from './preview-cancellation.handler';

@Controller()
export class DeliveriesController {
  constructor(
    private readonly createDelivery: CreateDeliveryHandler,
    private readonly getDelivery: GetDeliveryHandler,
    private readonly listDeliveries: ListDeliveriesHandler,
    private readonly cancelDelivery: CancelDeliveryHandler,
    private readonly advanceDelivery: AdvanceDeliveryHandler,
    private readonly getTracking: GetTrackingHandler,
    private readonly getPublicTracking: GetPublicTrackingHandler,
    private readonly countRecent: CountRecentDeliveriesHandler,
    private readonly previewCancellation: PreviewCancellationHandler,
  ) {}

  @BusHandler(Pattern.PreviewCancellation)
  cancellation(@Payload() request: DeliveryRef): Promise<CancellationPreviewRecord> {
    return this.previewCancellation.execute(request);
  }

  @BusHandler(Pattern.CountRecentDeliveries)
  count(@Payload() request: CountRecentDeliveriesRequest): Promise<number> {
    return this.countRecent.execute(request);
  }

  @BusHandler(Pattern.GetPublicTracking)
  publicTracking(@Payload() request: PublicTrackingRequest): Promise<PublicTracking> {
    return this.getPublicTracking.execute(request.token);
  }

  @BusHandler(Pattern.GetTracking)
  tracking(@Payload() request: DeliveryRef): Promise<TrackingSnapshot> {
    return this.getTracking.execute(request);
  }

  @BusHandler(Pattern.AdvanceDelivery)
  advance(@Payload() request: AdvanceDeliveryRequest): Promise<DeliveryRecord> {
    return this.advanceDelivery.execute(request);
  }

  @BusHandler(Pattern.CreateDelivery)
  create(@Payload() request: CreateDeliveryRequest): Promise<CreateDeliveryReply> {
    return this.createDelivery.execute(request);
  }

  @BusHandler(Pattern.GetDelivery)
  get(@Payload() request: DeliveryRef): Promise<DeliveryRecord> {
    return this.getDelivery.execute(request);
  }

  @BusHandler(Pattern.ListDeliveries)
  list(@Payload() request: ListDeliveriesRequest): Promise<DeliveryRecordPage> {
    return this.listDeliveries.execute(request);
  }

  @BusHandler(Pattern.CancelDelivery)
  cancel(@Payload() request: DeliveryRef): Promise<DeliveryRecord> {
    return this.cancelDelivery.execute(request);
  }
}
