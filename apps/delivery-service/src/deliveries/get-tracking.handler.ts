import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DeliveryRef, TrackingSnapshot } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { inScope } from '@sdd/persistence';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { readAssignedDriver } from './delivery.record';
import { trackingSnapshot } from './tracking';

/** Where the merchant's delivery is (trackingSnapshot). */
@Injectable()
export class GetTrackingHandler {
  constructor(
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, deliveryId }: DeliveryRef): Promise<TrackingSnapshot> {
    const delivery = await this.deliveries.findOneBy({ id: deliveryId, ...inScope(scope) });
    if (!delivery) throw deliveryNotFound();
    const driver = await readAssignedDriver(this.deliveries.manager, delivery);
    return trackingSnapshot(delivery, driver, { now: this.clock.now(), speed: this.config.TIMELINE_SPEED });
  }
}
