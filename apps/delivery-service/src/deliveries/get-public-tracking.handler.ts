import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { PublicTracking } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { isTerminal, nextLiveStatus } from '../lifecycle/delivery-status';
import { TEST_TIMELINE } from '../lifecycle/test-timeline';
import { publicDetailsShown } from './delivery-disclosure';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { readAssignedDriver } from './delivery.record';
import { hasDriver, trackingSnapshot } from './tracking';

/** The public tracking page's delivery, found by its link's token. */
@Injectable()
export class GetPublicTrackingHandler {
  constructor(
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * For the public page: found by its token alone, showing nothing that names
   * the merchant or the recipient in full; TRACKING_PERSONAL_DATA_MS after
   * the delivery ended, only its statuses (a link outlives its use: in a
   * mailbox, a chat, a browser history).
   */
  async execute(token: string): Promise<PublicTracking> {
    const delivery = /^[0-9A-Za-z]{32}$/.test(token) ? await this.deliveries.findOneBy({ trackingToken: token }) : null;
    if (!delivery) throw deliveryNotFound();
    const driver = await readAssignedDriver(this.deliveries.manager, delivery);
    const snapshot = trackingSnapshot(delivery, driver, { now: this.clock.now(), speed: this.config.TIMELINE_SPEED });
    const flow = delivery.mode === 'test' ? TEST_TIMELINE.map((step) => step.status) : nextStatuses(delivery.status);
    const reachedUpTo = flow.indexOf(delivery.status);
    const steps = flow.map((status, index) => ({ status, reached: reachedUpTo >= 0 && index <= reachedUpTo }));
    const shown = publicDetailsShown(delivery.status, delivery.endedAt, delivery.updatedAt, this.clock.now(), this.config.TRACKING_PERSONAL_DATA_MS);
    if (!shown) {
      return {
        status: delivery.status,
        steps,
        eta_minutes: 0,
        recipient_first_name: null,
        driver: null,
        delivery_pin: null,
        pickup: null,
        dropoff: null,
        updated_at: snapshot.updated_at,
      };
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
}

/** The live flow from created on, for the page's step list. */
function nextStatuses(current: string): string[] {
  const flow: string[] = ['created'];
  for (let at = nextLiveStatus('created'); at; at = nextLiveStatus(at)) flow.push(at);
  return flow.includes(current) ? flow : [...flow, current];
}
