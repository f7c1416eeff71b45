import { Inject, Injectable } from '@nestjs/common';
import { Brackets, DataSource, SelectQueryBuilder, WhereExpressionBuilder } from 'typeorm';
import { CheckoutRecordPage, CheckoutStatus, ListCheckoutsRequest } from '@sdd/contracts';
import { Clock, CLOCK, cursorParam, toPage } from '@sdd/common';
import { MoneyMovementEntity } from '../money-movements/money-movement.entity';
import { storedMatchesOf } from './checkout-status-filter';
import { CheckoutEntity } from './checkout.entity';
import { CheckoutRepository } from './checkout.repository';

/**
 * GET /v1/checkouts: the merchant's checkouts in this mode, newest first,
 * keyset-paginated on (created_at, id) like payouts and refunds. Read from
 * the rows alone: unlike GET /v1/checkouts/{id}, a page does not ask the
 * processor about each payable checkout (its processor event settles it).
 * With a delivery id: the checkout that paid for that delivery (none for a
 * delivery without one, such as most test deliveries).
 */
@Injectable()
export class ListCheckoutsHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly checkouts: CheckoutRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ scope, limit, cursor, status, deliveryId }: ListCheckoutsRequest): Promise<CheckoutRecordPage> {
    const query = this.dataSource
      .getRepository(CheckoutEntity)
      .createQueryBuilder('c')
      .where('c.merchant_id = :merchantId AND c.mode = :mode', { ...scope })
      .orderBy('c.created_at', 'DESC')
      .addOrderBy('c.id', 'DESC')
      .limit(limit + 1);
    if (cursor) query.andWhere('(c.created_at, c.id) < (:createdAt, :id)', cursorParam(cursor, 'chk'));
    if (status) query.andWhere(this.showing(query, status));
    // The delivery a checkout shows (CheckoutRecord.deliveryId): its claim, once the delivery confirmed it (indexed: checkouts_claimed_by).
    if (deliveryId) query.andWhere('c.claimed_by = :deliveryId AND c.used_at IS NOT NULL', { deliveryId });
    const rows = await query.getMany();
    const page = toPage(
      rows,
      limit,
      (row) => ({ createdAt: row.createdAt, id: row.id }),
      (row) => row,
    );
    return { data: await this.checkouts.presentManyWithRefunds(page.data), hasMore: page.has_more, nextCursor: page.next_cursor };
  }

  /** The checkouts that show `status`: their stored status, validity and succeeded refunds (storedMatchesOf), as SQL. */
  private showing(query: SelectQueryBuilder<CheckoutEntity>, status: CheckoutStatus): Brackets {
    const refunded = query
      .subQuery()
      .select('COALESCE(SUM(r.amount), 0)')
      .from(MoneyMovementEntity, 'r')
      .where("r.checkout_id = c.id AND r.kind = 'refund' AND r.status = 'paid'")
      .getQuery();
    query.setParameter('now', this.clock.now());
    return new Brackets((any: WhereExpressionBuilder) => {
      storedMatchesOf(status).forEach((match, index) => {
        const conditions = [`c.status = :stored${index}`];
        if (match.validity === 'running') conditions.push('c.expires_at > :now');
        if (match.validity === 'passed') conditions.push('c.expires_at <= :now');
        if (match.refunded === 'nothing') conditions.push(`${refunded} = 0`);
        if (match.refunded === 'part') conditions.push(`${refunded} BETWEEN 1 AND c.amount - 1`);
        if (match.refunded === 'all') conditions.push(`${refunded} >= c.amount`);
        any.orWhere(conditions.join(' AND '), { [`stored${index}`]: match.stored });
      });
    });
  }
}
