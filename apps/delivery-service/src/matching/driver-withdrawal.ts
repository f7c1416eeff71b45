import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { IN_PROGRESS } from '../lifecycle/delivery-status';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';
import { handOffFor } from './driver-standing';
import { RerouteEffect } from './reroute-effect';

/** What became of a withdrawn driver's deliveries under way. */
export interface HandedOn {
  rematched: string[];
  stranded: string[];
  /** Whether a waiting reroute took effect (its event is in the outbox). */
  rerouted: boolean;
}

/**
 * A driver taken off the road (deactivated, forced offline, revoked), in the
 * operator's transaction: its open offers are withdrawn and its deliveries
 * not yet picked up go back to matching (pending, no event: the next
 * driver's acceptance emits delivery.driver_assigned again), each under its
 * row lock; a reroute that waited for the driver's answer takes effect then,
 * as it does without a driver. A revoked driver's picked-up deliveries are
 * stranded (handOffFor).
 */
@Injectable()
export class DriverWithdrawal {
  constructor(
    private readonly dataSource: DataSource,
    private readonly statuses: DeliveryStatusRepository,
    private readonly reroutes: RerouteEffect,
  ) {}

  async handOn(manager: EntityManager, driverId: string, { revoked, now }: { revoked: boolean; now: Date }): Promise<HandedOn> {
    const schema = this.dataSource.driver.schema;
    await manager.query(`UPDATE "${schema}".offers SET status = 'withdrawn', responded_at = $2 WHERE driver_id = $1 AND status = 'open'`, [driverId, now]);
    const underWay = await manager.find(DeliveryEntity, { where: { driverId, status: In([...IN_PROGRESS]) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    const handed: HandedOn = { rematched: [], stranded: [], rerouted: false };
    for (const delivery of underWay) {
      const handOff = handOffFor(delivery.status, revoked);
      if (handOff === 'rematch') {
        if (await this.rematch(manager, delivery, now)) handed.rerouted = true;
        handed.rematched.push(delivery.id);
      } else if (handOff === 'stranded') {
        handed.stranded.push(delivery.id);
      }
    }
    return handed;
  }

  /**
   * One delivery not yet picked up, locked by the caller, back to matching: its driver's accepted offer and any
   * open offer are withdrawn (neither driver is offered it again) and matching starts over, its clock reset.
   * True when a reroute that waited for the driver took effect (its event is in the outbox).
   */
  async rematch(manager: EntityManager, delivery: DeliveryEntity, now: Date): Promise<boolean> {
    const schema = this.dataSource.driver.schema;
    await manager.query(`UPDATE "${schema}".offers SET status = 'withdrawn', responded_at = $2 WHERE delivery_id = $1 AND status IN ('open', 'accepted')`, [delivery.id, now]);
    const rematched = await this.statuses.returnToMatching(manager, delivery, now);
    return this.reroutes.applyPendingWithoutDriver(manager, rematched, now);
  }
}
