import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DriverOfferRequest, OfferRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { driverOffline, offerNotFound, offerNotOpen } from '../drivers/driver-errors';
import { DriverRepository } from '../drivers/driver.repository';
import { DeliveryStatusRepository } from '../lifecycle/delivery-status.repository';
import { OutboxRelay } from '../outbox/outbox-relay';
import { OfferEntity } from './offer.entity';
import { toOfferRecord } from './offer.record';

/**
 * A driver accepts an offer: the driver is assigned and the delivery moves
 * to driver_assigned in one transaction, under the offer's and the
 * delivery's row locks, so of two accepts exactly one wins.
 */
@Injectable()
export class AcceptOfferHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly relay: OutboxRelay,
    private readonly statuses: DeliveryStatusRepository,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ tokenHash, offerId }: DriverOfferRequest): Promise<OfferRecord> {
    const answered = await this.dataSource.transaction(async (manager) => {
      // Shared lock: an operator taking the driver off the road waits for this accept, or this accept for it.
      const driver = await this.drivers.byTokenHash(tokenHash, { manager, share: true });
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
}
