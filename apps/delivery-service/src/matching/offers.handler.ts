import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { DriverAuthRequest, DriverOfferRequest, OfferRecord, OfferRecordList } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';
import { OutboxRelay } from '../outbox/outbox-relay';
import { driverOffline, offerNotFound, offerNotOpen } from '../drivers/driver-errors';
import { DriverRepository } from '../drivers/driver.repository';
import { DriverMatcher } from './driver-matcher';
import { OfferEntity } from './offer.entity';
import { toOfferRecord } from './offer.record';

/**
 * A driver's offers: the open ones to look at, and the answer to one. An
 * accepted offer assigns the driver and moves the delivery to
 * driver_assigned in one transaction, under the offer's and the delivery's
 * row locks, so of two accepts exactly one wins; a declined one goes back to
 * the dispatcher for the next driver.
 */
@Injectable()
export class OffersHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly dispatcher: DriverMatcher,
    private readonly relay: OutboxRelay,
    private readonly statuses: DeliveryStatusRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list({ tokenHash }: DriverAuthRequest): Promise<OfferRecordList> {
    const driver = await this.drivers.byTokenHash(tokenHash);
    const offers = await this.dataSource.getRepository(OfferEntity).find({ where: { driverId: driver.id, status: 'open' }, order: { createdAt: 'ASC' } });
    const live = offers.filter((offer) => offer.expiresAt.getTime() > this.clock.now().getTime());
    if (live.length === 0) return { data: [] };
    const deliveries = await this.dataSource.getRepository(DeliveryEntity).findBy({ id: In(live.map((offer) => offer.deliveryId)) });
    const byId = new Map(deliveries.map((delivery) => [delivery.id, delivery]));
    return {
      data: live.flatMap((offer) => {
        const delivery = byId.get(offer.deliveryId);
        return delivery ? [toOfferRecord(offer, delivery)] : [];
      }),
    };
  }

  async accept({ tokenHash, offerId }: DriverOfferRequest): Promise<OfferRecord> {
    const answered = await this.dataSource.transaction(async (manager) => {
      // Shared lock: an operator taking the driver off the road waits for this accept, or this accept for it.
      const driver = await this.drivers.byTokenHash(tokenHash, manager, true);
      if (!driver.online) throw driverOffline();
      const offer = await manager.findOne(OfferEntity, { where: { id: offerId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!offer) throw offerNotFound();
      const now = this.clock.now();
      if (offer.status !== 'open') throw offerNotOpen(offer.status);
      if (offer.expiresAt.getTime() <= now.getTime()) {
        await manager.update(OfferEntity, { id: offer.id }, { status: 'expired', respondedAt: now });
        throw offerNotOpen('expired');
      }
      const delivery = await manager.findOne(DeliveryEntity, { where: { id: offer.deliveryId }, lock: { mode: 'pessimistic_write' } });
      if (!delivery || delivery.status !== 'pending' || delivery.driverId !== null) {
        await manager.update(OfferEntity, { id: offer.id }, { status: 'withdrawn', respondedAt: now });
        throw offerNotOpen('withdrawn');
      }
      await manager.update(OfferEntity, { id: offer.id }, { status: 'accepted', respondedAt: now });
      await this.statuses.moveLocked(manager, delivery, ['driver_assigned'], { now, publicBaseUrl: this.config.PUBLIC_BASE_URL, changes: { driverId: driver.id } });
      return toOfferRecord(Object.assign(offer, { status: 'accepted' as const, respondedAt: now }), delivery);
    });
    this.relay.poke();
    return answered;
  }

  async decline({ tokenHash, offerId }: DriverOfferRequest): Promise<OfferRecord> {
    const answered = await this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byTokenHash(tokenHash, manager);
      const offer = await manager.findOne(OfferEntity, { where: { id: offerId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!offer) throw offerNotFound();
      if (offer.status !== 'open') throw offerNotOpen(offer.status);
      const now = this.clock.now();
      await manager.update(OfferEntity, { id: offer.id }, { status: 'declined', respondedAt: now });
      const delivery = await manager.findOneByOrFail(DeliveryEntity, { id: offer.deliveryId });
      return toOfferRecord(Object.assign(offer, { status: 'declined' as const, respondedAt: now }), delivery);
    });
    this.dispatcher.poke();
    return answered;
  }
}
