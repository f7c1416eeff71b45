import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { DriverAuthRequest, OfferRecordList } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { DriverRepository } from '../drivers/driver.repository';
import { OfferEntity } from './offer.entity';
import { toOfferRecord } from './offer.record';

/** A driver's open offers, those not yet expired, oldest first. */
@Injectable()
export class ListOffersHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ tokenHash }: DriverAuthRequest): Promise<OfferRecordList> {
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
}
