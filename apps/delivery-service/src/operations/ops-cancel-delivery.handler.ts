import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OpsDeliveryRecord, OpsDeliveryRef } from '@sdd/contracts';
import { CancelDeliveryHandler } from '../deliveries/cancel-delivery.handler';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { deliveryNotFound } from '../deliveries/delivery-errors';
import { OpsDeliveryReader } from './ops-delivery.reader';

/**
 * An operator cancels a live delivery for its merchant: the merchant's own
 * cancellation (CancelDeliveryHandler, in the delivery's merchant and mode),
 * so the same states are cancellable (409 `delivery_in_progress` once a driver
 * holds it: re-offer first; `delivery_not_cancellable` once it ended), a second
 * cancel answers the same, and delivery.cancelled leads to the refund as always.
 */
@Injectable()
export class OpsCancelDeliveryHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cancel: CancelDeliveryHandler,
    private readonly reader: OpsDeliveryReader,
  ) {}

  async execute({ deliveryId }: OpsDeliveryRef): Promise<OpsDeliveryRecord> {
    const delivery = await this.dataSource.manager.findOne(DeliveryEntity, { where: { id: deliveryId, mode: 'live' } });
    if (!delivery) throw deliveryNotFound();
    await this.cancel.execute({ scope: { merchantId: delivery.merchantId, mode: delivery.mode }, deliveryId });
    const cancelled = await this.dataSource.manager.findOneOrFail(DeliveryEntity, { where: { id: deliveryId } });
    const [record] = await this.reader.present(this.dataSource.manager, [cancelled]);
    return record;
  }
}
