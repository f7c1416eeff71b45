import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { ListOpsDeliveriesRequest, OpsDeliveryRecord, OpsDeliveryRecordList, OpsDeliveryRef, Pattern } from '@sdd/contracts';
import { ListOpsDeliveriesHandler } from './list-ops-deliveries.handler';
import { OpsCancelDeliveryHandler } from './ops-cancel-delivery.handler';
import { ReofferDeliveryHandler } from './reoffer-delivery.handler';

/** What operators ask of live deliveries across merchants: the ones under way or stuck, a re-offer, a cancellation. */
@Controller()
export class OperationsController {
  constructor(
    private readonly list: ListOpsDeliveriesHandler,
    private readonly reoffer: ReofferDeliveryHandler,
    private readonly cancel: OpsCancelDeliveryHandler,
  ) {}

  @BusHandler(Pattern.ListOpsDeliveries)
  deliveries(@Payload() request: ListOpsDeliveriesRequest): Promise<OpsDeliveryRecordList> {
    return this.list.execute(request);
  }

  @BusHandler(Pattern.ReofferDelivery)
  offerAgain(@Payload() request: OpsDeliveryRef): Promise<OpsDeliveryRecord> {
    return this.reoffer.execute(request);
  }

  @BusHandler(Pattern.OpsCancelDelivery)
  cancelForMerchant(@Payload() request: OpsDeliveryRef): Promise<OpsDeliveryRecord> {
    return this.cancel.execute(request);
  }
}
