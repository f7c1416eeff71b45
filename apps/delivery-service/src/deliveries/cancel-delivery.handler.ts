import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryRecord, DeliveryRef } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { inScope } from '@sdd/persistence';
import { DeliveryServiceConfig } from '../config';
import { OutboxRelay } from '../outbox/outbox-relay';
import { deliveryInProgress, deliveryNotCancellable, deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { toDeliveryRecord } from './delivery.record';
import { cancelOutcome } from '../lifecycle/delivery-status';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';

/** Cancels a delivery that no driver has started; the change and its event commit together. */
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
      switch (cancelOutcome(delivery.status)) {
        case 'in_progress':
          throw deliveryInProgress();
        case 'not_cancellable':
          throw deliveryNotCancellable(delivery.status);
        case 'already_cancelled':
          return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL);
        case 'cancel': {
          await this.statuses.moveLocked(manager, delivery, ['cancelled'], { now: this.clock.now(), publicBaseUrl: this.config.PUBLIC_BASE_URL });
          return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL);
        }
      }
    });
  }
}
