import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DeliveryRef, TrackingSnapshot } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { etaMinutesAt, progressAlongRoute } from './test-timeline';
import { hasDriver, pointAlong, SIMULATED_DRIVER } from './tracking';

/**
 * Where the delivery is. Test deliveries have the simulated driver, moving
 * from pickup to dropoff while picked up and in transit; live deliveries have
 * no driver until the driver-facing interface exists.
 */
@Injectable()
export class GetTrackingHandler {
  constructor(
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, deliveryId }: DeliveryRef): Promise<TrackingSnapshot> {
    const delivery = await this.deliveries.findOneBy({ id: deliveryId, merchantId: scope.merchantId, mode: scope.mode });
    if (!delivery) throw deliveryNotFound();
    const now = this.clock.now();
    const startAt = delivery.scheduledAt ?? delivery.createdAt;
    const speed = this.config.TIMELINE_SPEED;
    const simulated = delivery.mode === 'test';
    const progress = delivery.status === 'delivered' ? 1 : ['picked_up', 'in_transit'].includes(delivery.status) ? progressAlongRoute(startAt, now, speed) : 0;
    const finished = ['delivered', 'cancelled', 'failed'].includes(delivery.status);
    return {
      delivery_id: delivery.id,
      status: delivery.status,
      driver:
        simulated && hasDriver(delivery.status)
          ? { ...SIMULATED_DRIVER, location: pointAlong(delivery.pickup, delivery.dropoff, progress) }
          : null,
      eta_minutes: finished ? 0 : simulated ? etaMinutesAt(startAt, now, speed, delivery.etaMinutes) : delivery.etaMinutes,
      updated_at: delivery.updatedAt.toISOString(),
    };
  }
}
