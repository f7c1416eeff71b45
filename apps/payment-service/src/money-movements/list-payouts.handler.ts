import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListPayoutsRequest, PayoutRecord, PayoutRecordPage } from '@sdd/contracts';
import { cursorParam, toPage } from '@sdd/common';
import { MoneyMovementEntity } from './money-movement.entity';

/** GET /v1/payouts: the transfers of the merchant's deliveries in this mode, newest first, keyset-paginated. */
@Injectable()
export class ListPayoutsHandler {
  constructor(@InjectRepository(MoneyMovementEntity) private readonly movements: Repository<MoneyMovementEntity>) {}

  async execute({ scope, limit, cursor }: ListPayoutsRequest): Promise<PayoutRecordPage> {
    const query = this.movements
      .createQueryBuilder('m')
      .where(`m.merchant_id = :merchantId AND m.mode = :mode AND m.kind = 'transfer'`, scope)
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(limit + 1);
    if (cursor) query.andWhere('(m.created_at, m.id) < (:createdAt, :id)', cursorParam(cursor, 'po'));
    const page = toPage(await query.getMany(), limit, (row) => ({ createdAt: row.createdAt, id: row.id }), toPayoutRecord);
    return { data: page.data, hasMore: page.has_more, nextCursor: page.next_cursor };
  }
}

function toPayoutRecord(movement: MoneyMovementEntity): PayoutRecord {
  return {
    id: movement.id,
    // Transfers are always a delivery's; only a checkout's refund has none.
    deliveryId: movement.deliveryId as string,
    checkoutId: movement.checkoutId,
    amount: movement.amount,
    currency: movement.currency,
    status: movement.status,
    transferId: movement.processorId,
    createdAt: movement.createdAt.toISOString(),
  };
}
