import { Injectable } from '@nestjs/common';
import { ListOpsDeliveriesRequest, OpsDeliveryRecordList } from '@sdd/contracts';
import { OpsDeliveryReader } from './ops-delivery.reader';

/** `GET /v1/ops/deliveries`: every live delivery under way, or only those stuck or late. */
@Injectable()
export class ListOpsDeliveriesHandler {
  constructor(private readonly reader: OpsDeliveryReader) {}

  async execute({ state }: ListOpsDeliveriesRequest): Promise<OpsDeliveryRecordList> {
    const deliveries = await this.reader.underWay();
    return { data: state === 'stuck' ? deliveries.filter((delivery) => delivery.stuck !== null) : deliveries };
  }
}
