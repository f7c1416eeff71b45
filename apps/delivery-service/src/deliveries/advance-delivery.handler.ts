import { Injectable } from '@nestjs/common';
import { AdvanceDeliveryRequest, DeliveryRecord, ErrorType } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { inScope } from '@sdd/persistence';
import { DataSource } from 'typeorm';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { isDeliveryStatus, nextTestStatus } from '../lifecycle/delivery-status';
import { TransitionDeliveryHandler } from '../lifecycle/transition-delivery.handler';

/** Test helper: moves a test delivery to its next status, or to `to` (e.g. "failed"), through the normal transition. */
@Injectable()
export class AdvanceDeliveryHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly transition: TransitionDeliveryHandler,
  ) {}

  async execute({ scope, deliveryId, to }: AdvanceDeliveryRequest): Promise<DeliveryRecord> {
    // Live deliveries move when a driver acts; here they do not exist.
    if (scope.mode !== 'test') throw deliveryNotFound();
    const current = await this.dataSource.getRepository(DeliveryEntity).findOneBy({ id: deliveryId, ...inScope({ merchantId: scope.merchantId, mode: 'test' }) });
    if (!current) throw deliveryNotFound();
    const target = to ?? nextTestStatus(current.status);
    if (!target || !isDeliveryStatus(target)) {
      throw new AppError(409, ErrorType.InvalidRequest, 'delivery_transition_invalid', `A ${current.status} delivery has no next status.`);
    }
    const result = await this.transition.execute(deliveryId, target, { scope, catchUp: true });
    if (!result.moved) {
      throw new AppError(409, ErrorType.InvalidRequest, 'delivery_transition_invalid', `A ${result.from} delivery cannot move to ${target}.`, to ? 'to' : null);
    }
    return result.delivery;
  }
}
