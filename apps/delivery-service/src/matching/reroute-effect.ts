import { Inject, Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { DeliveryStopRecord, EventType } from '@sdd/contracts';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { deliverySnapshot, readAssignedDriver } from '../deliveries/delivery.record';
import { OutboxRepository } from '../outbox/outbox.repository';

/** A reroute taking effect: the new dropoff and price on the delivery, and delivery.reroute_accepted, in the caller's transaction. */
@Injectable()
export class RerouteEffect {
  constructor(
    private readonly outbox: OutboxRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {}

  /**
   * A delivery whose driver was taken off the road while a reroute waited
   * for that driver's answer: without a driver a reroute takes effect at once
   * (the merchant hears delivery.reroute_accepted), and matching offers the
   * new route, under its own certification rules, to the next driver.
   */
  async applyPendingWithoutDriver(manager: EntityManager, delivery: DeliveryEntity, now: Date): Promise<boolean> {
    const pending = delivery.pendingReroute;
    if (!pending || delivery.driverId !== null) return false;
    await this.apply(manager, delivery, pending.dropoff, pending.fee, now);
    return true;
  }

  /** The new dropoff and price take effect, with their event, in the caller's transaction. */
  async apply(manager: EntityManager, delivery: DeliveryEntity, dropoff: DeliveryStopRecord, fee: number, now: Date): Promise<void> {
    Object.assign(delivery, { dropoff, fee, pendingReroute: null, updatedAt: now });
    await this.outbox.append(
      manager,
      delivery,
      EventType.DeliveryRerouteAccepted,
      deliverySnapshot(delivery, this.config.PUBLIC_BASE_URL, undefined, await readAssignedDriver(manager, delivery)),
      now,
    );
    await manager.update(
      DeliveryEntity,
      { id: delivery.id },
      { dropoff, fee, pendingReroute: null, rerouteCount: delivery.rerouteCount, eventSequence: delivery.eventSequence, updatedAt: now },
    );
  }
}
