import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CountRecentDeliveriesRequest } from '@sdd/contracts';
import { DeliveryEntity } from './delivery.entity';

/** Deliveries created since a moment (cancelled ones excluded), for payment-service's fee tier. */
@Injectable()
export class CountRecentDeliveriesHandler {
  constructor(@InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>) {}

  execute({ scope, since }: CountRecentDeliveriesRequest): Promise<number> {
    return this.deliveries
      .createQueryBuilder('d')
      .where('d.merchant_id = :merchantId AND d.mode = :mode', scope)
      .andWhere('d.created_at >= :since', { since: new Date(since) })
      .andWhere("d.status <> 'cancelled'")
      .getCount();
  }
}
