import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DriverOfferRequest, OfferRecord } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { offerNotFound, offerNotOpen } from '../drivers/driver-errors';
import { DriverRepository } from '../drivers/driver.repository';
import { DriverMatchingTask } from './driver-matching.task';
import { OfferEntity } from './offer.entity';
import { toOfferRecord } from './offer.record';

/** A driver declines an offer: the delivery goes back to matching for the next driver. */
@Injectable()
export class DeclineOfferHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    private readonly matching: DriverMatchingTask,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ tokenHash, offerId }: DriverOfferRequest): Promise<OfferRecord> {
    const answered = await this.dataSource.transaction(async (manager) => {
      const driver = await this.drivers.byTokenHash(tokenHash, { manager });
      const offer = await manager.findOne(OfferEntity, { where: { id: offerId, driverId: driver.id }, lock: { mode: 'pessimistic_write' } });
      if (!offer) throw offerNotFound();
      if (offer.status !== 'open') throw offerNotOpen(offer.status);
      const now = this.clock.now();
      await manager.update(OfferEntity, { id: offer.id }, { status: 'declined', respondedAt: now });
      const delivery = await manager.findOneByOrFail(DeliveryEntity, { id: offer.deliveryId });
      return toOfferRecord(Object.assign(offer, { status: 'declined' as const, respondedAt: now }), delivery);
    });
    this.matching.poke();
    return answered;
  }
}
