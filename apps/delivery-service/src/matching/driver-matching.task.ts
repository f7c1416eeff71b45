import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Vehicle, VEHICLES } from '@sdd/contracts';
import { Clock, CLOCK, greatCircleKm, newId } from '@sdd/common';
import { APP_CONFIG, OneReplicaTask } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';
import { certificationFor, certificationProvinces, searchRadiusKm, vehicleFits } from '../drivers/eligibility';
import { OfferEntity } from './offer.entity';

const BATCH = 50;

interface CandidateRow {
  id: string;
  lat: number;
  lng: number;
}

/**
 * Live matching. A paid live delivery waits in `pending` for a driver; each
 * pass (every DISPATCH_INTERVAL_MS, and at once when poked) expires offers
 * past their deadline and offers every waiting delivery that has no open
 * offer to the nearest eligible online driver: free (no open offer, no
 * delivery under way), never offered this delivery before, with a vehicle
 * that fits, and, for alcohol or cannabis, holding the matching approved,
 * unexpired certification of the pickup's province and of the dropoff's
 * (certificationProvinces). The radius widens with
 * time; past DISPATCH_DEADLINE_MS nobody more is asked and the delivery stays
 * pending (the merchant may cancel it, refunded).
 *
 * Offer deadlines live in Postgres and are checked by the pass, not by
 * delayed jobs: Redis may lose a job, and a lost expiry would stall a paid
 * delivery. One replica at a time (advisory lock).
 */
@Injectable()
export class DriverMatchingTask extends OneReplicaTask {
  constructor(
    private readonly dataSource: DataSource,
    private readonly statuses: DeliveryStatusRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'driver matching', intervalMs: config.DISPATCH_INTERVAL_MS, dataSource, lock: `dispatch:${dataSource.driver.schema}` });
  }

  /** Poked when a delivery started waiting, a driver came online, an offer was declined. */
  protected async passHoldingLock(manager: EntityManager): Promise<void> {
    const schema = this.dataSource.driver.schema;
    const now = this.clock.now();
    await this.statuses.startMatching(manager, now);
    await manager.query(`UPDATE "${schema}".offers SET status = 'expired', responded_at = $1 WHERE status = 'open' AND expires_at <= $1`, [now]);
    const waiting = await manager
      .getRepository(DeliveryEntity)
      .createQueryBuilder('d')
      .where(`d.mode = 'live' AND d.status = 'pending' AND d.driver_id IS NULL`)
      .andWhere('d.dispatch_started_at > :deadline', { deadline: new Date(now.getTime() - this.config.DISPATCH_DEADLINE_MS) })
      .andWhere(`NOT EXISTS (SELECT 1 FROM "${schema}".offers o WHERE o.delivery_id = d.id AND o.status IN ('open', 'accepted'))`)
      .orderBy('d.dispatch_started_at')
      .limit(BATCH)
      .getMany();
    for (const delivery of waiting) await this.offer(manager, delivery, now);
  }

  private async offer(manager: EntityManager, delivery: DeliveryEntity, now: Date): Promise<void> {
    const schema = this.dataSource.driver.schema;
    const certification = certificationFor(delivery.category);
    const vehicles = VEHICLES.filter((vehicle: Vehicle) => vehicleFits(vehicle, delivery.vehicle));
    const candidates: CandidateRow[] = await manager.query(
      `SELECT d.id, d.lat, d.lng FROM "${schema}".drivers d
       WHERE d.online AND d.status = 'active' AND d.token_expires_at > $5 AND d.lat IS NOT NULL AND d.lng IS NOT NULL AND d.vehicle = ANY($2)
         AND NOT EXISTS (SELECT 1 FROM "${schema}".offers o WHERE o.driver_id = d.id AND (o.status = 'open' OR o.delivery_id = $1))
         AND NOT EXISTS (SELECT 1 FROM "${schema}".deliveries x
                         WHERE x.driver_id = d.id AND x.status IN ('driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit'))
         AND ($3::text IS NULL OR NOT EXISTS (
               SELECT 1 FROM unnest($4::text[]) AS needed(province)
               WHERE NOT EXISTS (
                 SELECT 1 FROM "${schema}".driver_certifications c
                 WHERE c.driver_id = d.id AND c.kind = $3 AND c.province = needed.province AND c.status = 'approved'
                   AND (c.expires_at IS NULL OR c.expires_at > $5))))`,
      [delivery.id, vehicles, certification, certificationProvinces(delivery.pickup.province, delivery.dropoff.province), now],
    );
    const radiusKm = searchRadiusKm(
      now.getTime() - (delivery.dispatchStartedAt ?? now).getTime(),
      this.config.DISPATCH_RADIUS_KM,
      this.config.DISPATCH_WIDEN_MS,
      this.config.DISPATCH_MAX_RADIUS_KM,
    );
    const nearest = candidates
      .map((driver) => ({ driver, distanceKm: greatCircleKm(driver, delivery.pickup) }))
      .filter(({ distanceKm }) => distanceKm <= radiusKm)
      .sort((a, b) => a.distanceKm - b.distanceKm)[0];
    if (!nearest) return;
    // The unique indexes (one open offer per delivery, per driver) refuse a second offer made meanwhile.
    await manager
      .createQueryBuilder()
      .insert()
      .into(OfferEntity)
      .values({
        id: newId('ofr'),
        deliveryId: delivery.id,
        driverId: nearest.driver.id,
        status: 'open',
        distanceKm: Math.round(nearest.distanceKm * 10) / 10,
        expiresAt: new Date(now.getTime() + this.config.OFFER_TIMEOUT_MS),
        respondedAt: null,
        createdAt: now,
      })
      .orIgnore()
      .execute();
  }
}
