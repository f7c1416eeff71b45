import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { ChangeDriverStandingRequest, CreatedDriverRecord, DriverRecord, DriverRef, RevokedDriverRecord, RotateDriverTokenRequest } from '@sdd/contracts';
import { Clock, CLOCK, Metrics, randomToken } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { IN_PROGRESS } from '../lifecycle/delivery-status';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';
import { DriverMatcher } from './driver-matcher';
import { RerouteHandler } from './reroute.handler';
import { OutboxRelay } from '../outbox/outbox-relay';
import { handOffFor, standingAfter } from './driver-standing';
import { DriverEntity } from '../drivers/driver.entity';
import { driverTokenHash, DriverRepository } from '../drivers/driver.repository';

interface HandedOn {
  rematched: string[];
  stranded: string[];
  /** Whether a waiting reroute took effect (its event is in the outbox). */
  rerouted: boolean;
}

/**
 * Operators taking drivers off the road and back (`/v1/ops/drivers/{id}`):
 * deactivate, reactivate, force offline, revoke, rotate the token. Each runs
 * under the driver's row lock, which the driver's accept holds too (shared),
 * so an accept either lands before and is handed on, or comes after and is
 * refused. Taking a driver off the road withdraws its open offers and sends
 * its deliveries not yet picked up back to matching (pending, no event: the
 * next driver's acceptance emits delivery.driver_assigned again); a reroute
 * that waited for the driver's answer takes effect then, as it does without
 * a driver.
 */
@Injectable()
export class DriverStandingHandler {
  private readonly logger = new Logger(DriverStandingHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly dispatcher: DriverMatcher,
    private readonly reroutes: RerouteHandler,
    private readonly relay: OutboxRelay,
    private readonly statuses: DeliveryStatusRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async change({ driverId, change }: ChangeDriverStandingRequest): Promise<DriverRecord> {
    const changed = await this.dataSource.transaction(async (manager) => {
      const found = await this.drivers.byId(driverId, manager, true);
      const now = this.clock.now();
      const after = standingAfter(change, found.status);
      const changes: Partial<DriverEntity> = { status: after.status, updatedAt: now, ...(after.takenOffline ? { online: false } : {}) };
      await manager.update(DriverEntity, { id: found.id }, changes);
      const handed = after.takenOffline ? await this.handOn(manager, found.id, false, now) : null;
      return { driver: Object.assign(found, changes), rerouted: handed?.rerouted ?? false };
    });
    this.dispatcher.poke();
    if (changed.rerouted) this.relay.poke();
    return this.drivers.present(changed.driver);
  }

  /** For good: the token fails from the next request on, and the driver leaves the list. */
  async revoke({ driverId }: DriverRef): Promise<RevokedDriverRecord> {
    const handed = await this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byId(driverId, manager, true);
      const now = this.clock.now();
      // A hash no token has: even a lookup that skipped the status would find nobody.
      await manager.update(DriverEntity, { id: driver.id }, { status: 'revoked', revokedAt: now, online: false, tokenHash: driverTokenHash(randomToken(32)), updatedAt: now });
      return this.handOn(manager, driver.id, true, now);
    });
    this.dispatcher.poke();
    if (handed.rerouted) this.relay.poke();
    if (handed.stranded.length > 0) {
      Metrics.strandedDeliveries.inc(handed.stranded.length);
      this.logger.warn(`Driver ${driverId} revoked holding picked-up deliveries ${handed.stranded.join(', ')}: an operator must take them over`);
    }
    return { id: driverId, rematchedDeliveryIds: handed.rematched, strandedDeliveryIds: handed.stranded };
  }

  /** A new token, shown once; the old one fails from the next request on. Also how an expired session is renewed. */
  async rotateToken({ driverId, expiresInSeconds }: RotateDriverTokenRequest): Promise<CreatedDriverRecord> {
    const token = `drv_tok_${randomToken(32)}`;
    const driver = await this.dataSource.transaction(async (manager) => {
      const found = await this.drivers.byId(driverId, manager, true);
      const now = this.clock.now();
      const changes: Partial<DriverEntity> = {
        tokenHash: driverTokenHash(token),
        tokenExpiresAt: new Date(now.getTime() + (expiresInSeconds ?? this.config.DRIVER_TOKEN_TTL_SECONDS) * 1000),
        updatedAt: now,
      };
      await manager.update(DriverEntity, { id: found.id }, changes);
      return Object.assign(found, changes);
    });
    return { driver: await this.drivers.present(driver), token };
  }

  /** Withdraws the driver's open offers and hands on its deliveries under way (handOffFor), each under its row lock. */
  private async handOn(manager: EntityManager, driverId: string, revoked: boolean, now: Date): Promise<HandedOn> {
    const schema = this.dataSource.driver.schema;
    await manager.query(`UPDATE "${schema}".offers SET status = 'withdrawn', responded_at = $2 WHERE driver_id = $1 AND status = 'open'`, [driverId, now]);
    const underWay = await manager.find(DeliveryEntity, { where: { driverId, status: In([...IN_PROGRESS]) }, order: { id: 'ASC' }, lock: { mode: 'pessimistic_write' } });
    const handed: HandedOn = { rematched: [], stranded: [], rerouted: false };
    for (const delivery of underWay) {
      const handOff = handOffFor(delivery.status, revoked);
      if (handOff === 'rematch') {
        // The accepted offer no longer holds the delivery; the driver is never offered it again.
        await manager.query(`UPDATE "${schema}".offers SET status = 'withdrawn', responded_at = $3 WHERE delivery_id = $1 AND driver_id = $2 AND status = 'accepted'`, [delivery.id, driverId, now]);
        const rematched = await this.statuses.returnToMatching(manager, delivery, now);
        if (await this.reroutes.applyPendingWithoutDriver(manager, rematched, now)) handed.rerouted = true;
        handed.rematched.push(delivery.id);
      } else if (handOff === 'stranded') {
        handed.stranded.push(delivery.id);
      }
    }
    return handed;
  }
}
