import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { DeliveryRecordPage, ListDeliveriesRequest } from '@sdd/contracts';
import { cursorParam, toPage } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { DeliveryEntity } from './delivery.entity';
import { toDeliveryRecord } from './delivery.record';

/** Newest first, keyset-paginated on (created_at, id). */
@Injectable()
export class ListDeliveriesHandler {
  constructor(
    @InjectRepository(DeliveryEntity) private readonly deliveries: Repository<DeliveryEntity>,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
  ) {}

  async execute({ scope, limit, cursor, status, createdGte, createdLte, externalReference }: ListDeliveriesRequest): Promise<DeliveryRecordPage> {
    const query = this.deliveries
      .createQueryBuilder('d')
      .where('d.merchant_id = :merchantId AND d.mode = :mode', scope)
      .orderBy('d.created_at', 'DESC')
      .addOrderBy('d.id', 'DESC')
      .limit(limit + 1);
    // "simulated" names every test delivery (decisions.md), whatever its current status.
    if (status === 'simulated') {
      if (scope.mode !== 'test') return { data: [], hasMore: false, nextCursor: null };
    } else if (status) {
      query.andWhere('d.status = :status', { status });
    }
    if (createdGte) query.andWhere('d.created_at >= :createdGte', { createdGte });
    if (createdLte) query.andWhere('d.created_at <= :createdLte', { createdLte });
    if (externalReference !== undefined) query.andWhere('d.external_reference = :externalReference', { externalReference });
    // A cursor is a position in the newest-first order, so it stays meaningful under any filters (as on the other lists).
    if (cursor) {
      const position = cursorParam(cursor, 'del');
      query.andWhere('(d.created_at, d.id) < (:createdAt, :id)', position);
    }
    const rows = await query.getMany();
    const page = toPage(
      rows,
      limit,
      (row) => ({ createdAt: row.createdAt, id: row.id }),
      (row) => toDeliveryRecord(row, this.config.PUBLIC_BASE_URL),
    );
    return { data: page.data, hasMore: page.has_more, nextCursor: page.next_cursor };
  }
}
