import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DeliveryList, ListDeliveriesRequest } from '@sdd/contracts';
import { cursorParam, toPage } from '@sdd/common';
import { DeliveryEntity } from './delivery.entity';
import { presentListItem } from './delivery.presenter';

/** Newest first, keyset-paginated on (created_at, id). */
@Injectable()
export class ListDeliveriesHandler {
  constructor(@InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>) {}

  async execute({ scope, limit, cursor, status }: ListDeliveriesRequest): Promise<DeliveryList> {
    const query = this.deliveries
      .createQueryBuilder('d')
      .where('d.merchant_id = :merchantId AND d.mode = :mode', scope)
      .orderBy('d.created_at', 'DESC')
      .addOrderBy('d.id', 'DESC')
      .limit(limit + 1);
    // "simulated" names every test delivery (decisions.md), whatever its current status.
    if (status === 'simulated') {
      if (scope.mode !== 'test') return { data: [], has_more: false, next_cursor: null };
    } else if (status) {
      query.andWhere('d.status = :status', { status });
    }
    if (cursor) {
      const position = cursorParam(cursor, 'del');
      query.andWhere('(d.created_at, d.id) < (:createdAt, :id)', position);
    }
    const rows = await query.getMany();
    return toPage(rows, limit, (row) => ({ createdAt: row.createdAt, id: row.id }), presentListItem);
  }
}
