import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListRefundsRequest, RefundRecordPage } from '@sdd/contracts';
import { cursorParam, toPage } from '@sdd/common';
import { MoneyMovementEntity } from './money-movement.entity';
import { toRefundRecord } from './refund.record';

/** GET /v1/refunds: the refunds of the merchant's deliveries and checkouts in this mode, newest first, keyset-paginated like payouts. */
@Injectable()
export class ListRefundsHandler {
  constructor(@InjectRepository(MoneyMovementEntity) private readonly movements: Repository<MoneyMovementEntity>) {}

  async execute({ scope, limit, cursor }: ListRefundsRequest): Promise<RefundRecordPage> {
    const query = this.movements
      .createQueryBuilder('m')
      .where(`m.merchant_id = :merchantId AND m.mode = :mode AND m.kind = 'refund'`, scope)
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(limit + 1);
    if (cursor) query.andWhere('(m.created_at, m.id) < (:createdAt, :id)', cursorParam(cursor, 'rf'));
    const page = toPage(await query.getMany(), limit, (row) => ({ createdAt: row.createdAt, id: row.id }), toRefundRecord);
    return { data: page.data, hasMore: page.has_more, nextCursor: page.next_cursor };
  }
}
