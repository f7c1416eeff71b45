import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ListOpsMoneyMovementsRequest, OpsMoneyMovementPage } from '@sdd/contracts';
import { cursorParam, decodeCursor, toPage } from '@sdd/common';
import { MoneyMovementEntity } from './money-movement.entity';
import { toOpsMoneyMovementRecord } from './ops-money-movement.record';

/** The page of both kinds may end on a transfer (`po_…`) or a refund (`rf_…`): a cursor names either. */
const movementCursor = (cursor: string) => cursorParam(cursor, decodeCursor(cursor, 'po') ? 'po' : 'rf');

/**
 * GET /v1/ops/money_movements: every merchant's transfers and refunds in both
 * modes, of one status or all, newest first, keyset-paginated on (created_at, id).
 * Operators only: this is the one list that is not scoped by merchant.
 */
@Injectable()
export class ListOpsMoneyMovementsHandler {
  constructor(@InjectRepository(MoneyMovementEntity) private readonly movements: Repository<MoneyMovementEntity>) {}

  async execute({ status, limit, cursor }: ListOpsMoneyMovementsRequest): Promise<OpsMoneyMovementPage> {
    const query = this.movements
      .createQueryBuilder('m')
      .orderBy('m.created_at', 'DESC')
      .addOrderBy('m.id', 'DESC')
      .limit(limit + 1);
    if (status) query.andWhere('m.status = :status', { status });
    if (cursor) query.andWhere('(m.created_at, m.id) < (:createdAt, :id)', movementCursor(cursor));
    const page = toPage(await query.getMany(), limit, (row) => ({ createdAt: row.createdAt, id: row.id }), toOpsMoneyMovementRecord);
    return { data: page.data, hasMore: page.has_more, nextCursor: page.next_cursor };
  }
}
