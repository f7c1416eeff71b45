import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryRecord, DeliveryRef, EventType } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { inScope } from '@sdd/persistence';
import { DeliveryServiceConfig } from '../config';
import { appendEvent } from '../outbox/append-event';
import { OutboxRelay } from '../outbox/outbox-relay';
import { deliveryInProgress, deliveryNotCancellable, deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { deliverySnapshot, toDeliveryRecord } from './delivery.record';
import { cancelOutcome } from './delivery-status';

/** Cancels a delivery that no driver has started; the change and its event commit together. */
@Injectable()
export class CancelDeliveryHandler {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly relay: OutboxRelay,
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
          const now = this.clock.now();
          delivery.status = 'cancelled';
          delivery.updatedAt = now;
          delivery.endedAt = now;
          await appendEvent(manager, delivery, EventType.DeliveryCancelled, deliverySnapshot(delivery, this.config.PUBLIC_BASE_URL), now);
          await manager.update(
            DeliveryEntity,
            { id: delivery.id },
            { status: delivery.status, updatedAt: now, endedAt: now, eventSequence: delivery.eventSequence },
          );
          return toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL);
        }
      }
    });
  }
}
