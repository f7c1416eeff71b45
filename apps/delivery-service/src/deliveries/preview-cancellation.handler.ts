import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CancellationPreviewRecord, DeliveryRef } from '@sdd/contracts';
import { inScope } from '@sdd/persistence';
import { cancellationPreview } from './cancellation-preview';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';

/** GET /v1/deliveries/{id}/cancellation: reads the delivery in the caller's merchant and mode, changes nothing. */
@Injectable()
export class PreviewCancellationHandler {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ scope, deliveryId }: DeliveryRef): Promise<CancellationPreviewRecord> {
    const delivery = await this.dataSource.getRepository(DeliveryEntity).findOneBy({ id: deliveryId, ...inScope(scope) });
    if (!delivery) throw deliveryNotFound();
    return cancellationPreview(delivery);
  }
}
