import { Repository } from 'typeorm';
import { MerchantScope } from '@sdd/contracts';
import { cursorParam, toPage } from '@sdd/common';
import { MoneyMovementEntity } from './money-movement.entity';
import { MovementKind } from './money-movement';

/** One page of the merchant's movements of one kind in this mode, newest first, keyset-paginated on (created_at, id). */
export async function pageOfMovements<R>(
  movements: Repository<MoneyMovementEntity>,
  {
    kind,
    scope,
    limit,
    cursor,
    cursorPrefix,
    present,
  }: { kind: MovementKind; scope: MerchantScope; limit: number; cursor?: string; cursorPrefix: string; present: (movement: MoneyMovementEntity) => R },
): Promise<{ data: R[]; hasMore: boolean; nextCursor: string | null }> {
  const query = movements
    .createQueryBuilder('m')
    .where('m.merchant_id = :merchantId AND m.mode = :mode AND m.kind = :kind', { ...scope, kind })
    .orderBy('m.created_at', 'DESC')
    .addOrderBy('m.id', 'DESC')
    .limit(limit + 1);
  if (cursor) query.andWhere('(m.created_at, m.id) < (:createdAt, :id)', cursorParam(cursor, cursorPrefix));
  const page = toPage(await query.getMany(), limit, (row) => ({ createdAt: row.createdAt, id: row.id }), present);
  return { data: page.data, hasMore: page.has_more, nextCursor: page.next_cursor };
}
