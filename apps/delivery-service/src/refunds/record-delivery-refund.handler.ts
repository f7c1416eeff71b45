import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EventType, RecordDeliveryRefundRequest } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { inScope } from '@sdd/persistence';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from '../deliveries/delivery-errors';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { deliverySnapshot, readAssignedDriver } from '../deliveries/delivery.record';
import { OutboxRepository } from '../outbox/outbox.repository';
import { OutboxRelay } from '../outbox/outbox-relay';

/**
 * payment-service reports that the processor made a delivery's refund. The
 * refund and its delivery.refunded event are written in one transaction under
 * the delivery's row lock (the outbox then hands the event to webhooks), and
 * only then is the report answered: payment-service asks again until it is,
 * so the event is never lost. The same refund reported twice is recorded once.
 */
@Injectable()
export class RecordDeliveryRefundHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    private readonly outbox: OutboxRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, deliveryId, refund }: RecordDeliveryRefundRequest): Promise<{ recorded: boolean }> {
    const wrote = await this.dataSource.transaction(async (manager) => {
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: deliveryId, ...inScope(scope) }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw deliveryNotFound();
      if (delivery.refund?.id === refund.id) return false;
      const now = this.clock.now();
      Object.assign(delivery, { refund, updatedAt: now });
      await this.outbox.append(
        manager,
        delivery,
        EventType.DeliveryRefunded,
        deliverySnapshot(delivery, this.config.PUBLIC_BASE_URL, undefined, await readAssignedDriver(manager, delivery)),
        now,
      );
      await manager.update(DeliveryEntity, { id: delivery.id }, { refund, eventSequence: delivery.eventSequence, updatedAt: now });
      return true;
    });
    if (wrote) this.relay.poke([EventType.DeliveryRefunded]);
    return { recorded: true };
  }
}
