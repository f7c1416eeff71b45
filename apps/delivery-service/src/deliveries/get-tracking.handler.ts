import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DeliveryRef, PublicTracking, TrackingSnapshot } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { inScope } from '@sdd/persistence';
import { DeliveryServiceConfig } from '../config';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { isTerminal, nextLiveStatus } from '../lifecycle/delivery-status';
import { etaMinutesAt, progressAlongRoute, TEST_TIMELINE } from '../lifecycle/test-timeline';
import { DriverEntity } from '../drivers/driver.entity';
import { hasDriver, liveEtaMinutes, pointAlong, SIMULATED_DRIVER } from './tracking';
import { pointOf, publicDetailsShown } from './delivery-disclosure';
import { assignedDriverShown } from './delivery.record';

/**
 * Where the delivery is. Test deliveries have the simulated driver, moving
 * from pickup to dropoff while picked up and in transit; live deliveries show
 * their assigned driver where it last reported, and the ETA from there.
 */
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
    return this.snapshot(delivery, await this.driverOf(delivery));
  }

  private driverOf(delivery: DeliveryEntity): Promise<DriverEntity | null> {
    return delivery.driverId ? this.deliveries.manager.findOneBy(DriverEntity, { id: delivery.driverId }) : Promise.resolve(null);
  }

  /**
   * For the public page: found by its token alone, showing nothing that names
   * the merchant or the recipient in full; TRACKING_PERSONAL_DATA_MS after
   * the delivery ended, only its statuses (a link outlives its use: in a
   * mailbox, a chat, a browser history).
   */
  async byToken(token: string): Promise<PublicTracking> {
    const delivery = /^[0-9A-Za-z]{32}$/.test(token) ? await this.deliveries.findOneBy({ trackingToken: token }) : null;
    if (!delivery) throw deliveryNotFound();
    const snapshot = this.snapshot(delivery, await this.driverOf(delivery));
    const flow = delivery.mode === 'test' ? TEST_TIMELINE.map((step) => step.status) : nextStatuses(delivery.status);
    const reachedUpTo = flow.indexOf(delivery.status);
    const steps = flow.map((status, index) => ({ status, reached: reachedUpTo >= 0 && index <= reachedUpTo }));
    const shown = publicDetailsShown(delivery.status, delivery.endedAt, delivery.updatedAt, this.clock.now(), this.config.TRACKING_PERSONAL_DATA_MS);
    if (!shown) {
      return { status: delivery.status, steps, eta_minutes: 0, recipient_first_name: null, driver: null, delivery_pin: null, pickup: null, dropoff: null, updated_at: snapshot.updated_at };
    }
    return {
      status: delivery.status,
      steps,
      eta_minutes: snapshot.eta_minutes,
      recipient_first_name: delivery.customer.name.trim().split(/\s+/)[0] ?? '',
      driver: snapshot.driver ? { name: snapshot.driver.name.split(' ')[0], location: snapshot.driver.location } : null,
      // Only while a driver is on the way: the recipient reads it out at the door.
      delivery_pin: hasDriver(delivery.status) && !isTerminal(delivery.status) ? delivery.deliveryPin : null,
      pickup: { lat: delivery.pickup.lat, lng: delivery.pickup.lng },
      dropoff: { lat: delivery.dropoff.lat, lng: delivery.dropoff.lng },
      updated_at: snapshot.updated_at,
    };
  }

  private snapshot(delivery: DeliveryEntity, driver: DriverEntity | null): TrackingSnapshot {
    if (delivery.mode === 'live') return this.liveSnapshot(delivery, driver);
    const now = this.clock.now();
    const startAt = delivery.scheduledAt ?? delivery.createdAt;
    const speed = this.config.TIMELINE_SPEED;
    const simulated = delivery.mode === 'test';
    const progress = delivery.status === 'delivered' ? 1 : ['picked_up', 'in_transit'].includes(delivery.status) ? progressAlongRoute(startAt, now, speed) : 0;
    const finished = isTerminal(delivery.status);
    return {
      delivery_id: delivery.id,
      status: delivery.status,
      driver:
        simulated && hasDriver(delivery.status)
          ? { name: SIMULATED_DRIVER.name, phone: finished ? null : SIMULATED_DRIVER.phone, location: pointAlong(delivery.pickup, delivery.dropoff, progress) }
          : null,
      eta_minutes: finished ? 0 : simulated ? etaMinutesAt(startAt, now, speed, delivery.etaMinutes) : delivery.etaMinutes,
      updated_at: delivery.updatedAt.toISOString(),
    };
  }

  /**
   * A live delivery: its driver where the driver last reported, the ETA from
   * there; once ended, the driver as the delivery shows it (shownDriver):
   * where it ended, no phone.
   */
  private liveSnapshot(delivery: DeliveryEntity, driver: DriverEntity | null): TrackingSnapshot {
    const shown = assignedDriverShown(delivery, driver);
    const location = shown && pointOf(shown);
    return {
      delivery_id: delivery.id,
      status: delivery.status,
      driver: shown && location ? { name: shown.name, phone: shown.phone, location } : null,
      eta_minutes: liveEtaMinutes(delivery.status, driver && pointOf(driver), delivery.pickup, delivery.dropoff, delivery.etaMinutes),
      updated_at: delivery.updatedAt.toISOString(),
    };
  }
}

/** The live flow from created on, for the page's step list. */
function nextStatuses(current: string): string[] {
  const flow: string[] = ['created'];
  for (let at = nextLiveStatus('created'); at; at = nextLiveStatus(at)) flow.push(at);
  return flow.includes(current) ? flow : [...flow, current];
}
