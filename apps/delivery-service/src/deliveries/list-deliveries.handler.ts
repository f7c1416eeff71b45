import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DeliveryList, ListDeliveriesRequest } from '@sdd/contracts';
import { AppError, decodeCursor, encodeCursor } from '@sdd/common';
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
      const position = decodeCursor(cursor, 'del');
      if (!position) throw AppError.invalidRequest('parameter_invalid', 'This cursor is not one we issued.', 'cursor');
      query.andWhere('(d.created_at, d.id) < (:createdAt, :id)', position);
    }
    const rows = await query.getMany();
    const page = rows.slice(0, limit);
    const hasMore = rows.length > limit;
    const last = page[page.length - 1];
    return {
      data: page.map(presentListItem),
      has_more: hasMore,
      next_cursor: hasMore && last ? encodeCursor({ createdAt: last.createdAt, id: last.id }) : null,
    };
  }
}
