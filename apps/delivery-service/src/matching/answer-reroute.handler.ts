import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { AnswerRerouteRequest, DriverAssignmentRecord, EventType } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { deliverySnapshot, readAssignedDriver } from '../deliveries/delivery.record';
import { notYourDelivery } from '../drivers/driver-errors';
import { DriverRepository } from '../drivers/driver.repository';
import { OutboxRelay } from '../outbox/outbox-relay';
import { OutboxRepository } from '../outbox/outbox.repository';
import { REROUTABLE } from './reroute';
import { noReroutePending } from './reroute-errors';
import { RerouteEffect } from './reroute-effect';

/** The driver accepts a waiting reroute (it takes effect) or declines it (delivery.reroute_declined); the merchant hears either. */
@Injectable()
export class AnswerRerouteHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly reroutes: RerouteEffect,
    private readonly outbox: OutboxRepository,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ tokenHash, deliveryId, accept }: AnswerRerouteRequest): Promise<DriverAssignmentRecord> {
    const answered = await this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byTokenHash(tokenHash, { manager });
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: deliveryId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw notYourDelivery();
      const pending = delivery.pendingReroute;
      if (!pending || !REROUTABLE.includes(delivery.status)) throw noReroutePending();
      const now = this.clock.now();
      if (accept) await this.reroutes.apply(manager, delivery, pending.dropoff, pending.fee, now);
      else {
        delivery.pendingReroute = null;
        await this.outbox.append(
          manager,
          delivery,
          EventType.DeliveryRerouteDeclined,
          deliverySnapshot(delivery, this.config.PUBLIC_BASE_URL, undefined, await readAssignedDriver(manager, delivery)),
          now,
        );
        await manager.update(DeliveryEntity, { id: delivery.id }, { pendingReroute: null, eventSequence: delivery.eventSequence, updatedAt: now });
      }
      return { deliveryId: delivery.id, status: delivery.status };
    });
    this.relay.poke();
    return answered;
  }
}
