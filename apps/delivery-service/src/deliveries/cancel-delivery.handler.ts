import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryRecord, DeliveryRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { inScope } from '@sdd/persistence';
import { DeliveryServiceConfig } from '../config';
import { OutboxRelay } from '../outbox/outbox-relay';
import { cancelRefusal } from './cancellation-preview';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { toDeliveryRecord } from './delivery.record';
import { cancelOutcome } from '../lifecycle/delivery-status';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';

/** Cancels a delivery that no driver has started (refused as cancelRefusal says); the change and its event commit together. */
@Injectable()
export class CancelDeliveryHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly relay: OutboxRelay,
    private readonly statuses: DeliveryStatusRepository,
  ) {}

  async execute(ref: DeliveryRef): Promise<DeliveryRecord> {
    const view = await this.cancel(ref);
    this.relay.poke();
    return view;
  }

  private cancel({ scope, deliveryId }: DeliveryRef): Promise<DeliveryRecord> {
    return this.dataSource.transaction(async (manager) => {
      const delivery = await manager.findOne(DeliveryEntity, {
        where: { id: deliveryId, ...inScope(scope) },
        lock: { mode: 'pessimistic_write' },
      });
      if (!delivery) throw deliveryNotFound();
      const refusal = cancelRefusal(delivery.status);
      if (refusal) throw refusal;
      if (cancelOutcome(delivery.status) === 'cancel') {
        await this.statuses.moveLocked(manager, delivery, ['cancelled'], { now: this.clock.now(), publicBaseUrl: this.config.PUBLIC_BASE_URL });
      }
      return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL);
    });
  }
}
