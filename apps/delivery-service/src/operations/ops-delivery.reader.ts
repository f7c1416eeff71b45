import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { OpsDeliveryRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { DriverEntity } from '../drivers/driver.entity';
import { IN_PROGRESS } from '../lifecycle/delivery-status';
import { stopAddress } from '../matching/offer.record';
import { promisedDropoffAt, stuckReason, StuckThresholds } from './stuck-delivery';

/** What operators watch: a paid live delivery waiting for a driver or with one. */
export const UNDER_WAY = ['pending', ...IN_PROGRESS] as const;

/** Operators see at most this many deliveries under way at once, oldest first. */
const LIMIT = 500;

/** Live deliveries under way across merchants, as operators see them (OpsDeliveryRecord), with why each is stuck if it is. */
@Injectable()
export class OpsDeliveryReader {
  private readonly thresholds: StuckThresholds;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.thresholds = { unmatchedMs: config.STUCK_UNMATCHED_MS, stillMs: config.STUCK_STILL_MS };
  }

  async underWay(): Promise<OpsDeliveryRecord[]> {
    const deliveries = await this.dataSource.manager.find(DeliveryEntity, { where: { mode: 'live', status: In([...UNDER_WAY]) }, order: { createdAt: 'ASC' }, take: LIMIT });
    return this.present(this.dataSource.manager, deliveries);
  }

  async present(manager: EntityManager, deliveries: DeliveryEntity[]): Promise<OpsDeliveryRecord[]> {
    const driverIds = [...new Set(deliveries.flatMap((delivery) => (delivery.driverId ? [delivery.driverId] : [])))];
    const drivers = new Map((driverIds.length > 0 ? await manager.find(DriverEntity, { where: { id: In(driverIds) } }) : []).map((driver) => [driver.id, driver]));
    const now = this.clock.now();
    return deliveries.map((delivery) => {
      const driver = delivery.driverId ? drivers.get(delivery.driverId) : undefined;
      const waitingSince = delivery.status === 'pending' ? delivery.dispatchStartedAt : null;
      const dueAt = promisedDropoffAt(delivery.createdAt, delivery.scheduledAt, delivery.etaMinutes);
      const underWay = (UNDER_WAY as readonly string[]).includes(delivery.status);
      const stuck = underWay ? stuckReason({ waitingSince, driver: driver ? { locatedAt: driver.locatedAt } : null, dueAt }, now, this.thresholds) : null;
      return {
        id: delivery.id,
        merchantId: delivery.merchantId,
        status: delivery.status,
        category: delivery.category,
        pickup: { address: stopAddress(delivery.pickup), lat: delivery.pickup.lat, lng: delivery.pickup.lng },
        dropoff: { address: stopAddress(delivery.dropoff), lat: delivery.dropoff.lat, lng: delivery.dropoff.lng },
        driver: driver ? { id: driver.id, name: driver.name, vehicle: driver.vehicle, lat: driver.lat, lng: driver.lng, locatedAt: driver.locatedAt?.toISOString() ?? null } : null,
        waitingSince: waitingSince?.toISOString() ?? null,
        dueAt: dueAt.toISOString(),
        stuck: stuck && { reason: stuck.reason, since: stuck.since.toISOString() },
        createdAt: delivery.createdAt.toISOString(),
      };
    });
  }
}
