import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryStopRecord, DriverEarningsRecord, DriverEarningsRequest } from '@sdd/contracts';
import { Clock, CLOCK, cursorParam, toPage } from '@sdd/common';
import { DriverRepository } from '../drivers/driver.repository';
import { earningArea } from './earning-area';
import { totalsByDay } from './earning-days';
import { earningsPeriod } from './earnings-period';
import { localDate } from './local-day';

interface EarningRow {
  delivery_id: string;
  amount: number;
  currency: string;
  created_at: Date;
  pickup: DeliveryStopRecord;
  dropoff: DeliveryStopRecord;
}

/**
 * GET /v1/driver/earnings: what the driver of the token earned (the
 * driver_earnings ledger, one row per delivered delivery, written at the
 * hand-over) over the days asked for, as day totals and a page of
 * deliveries newest first, keyset on (created_at, delivery_id). Only the
 * driver's own rows: every query is by its id.
 */
@Injectable()
export class ListDriverEarningsHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly drivers: DriverRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: DriverEarningsRequest): Promise<DriverEarningsRecord> {
    const driver = await this.drivers.byTokenHash(request.tokenHash);
    const period = earningsPeriod(request, this.clock.now());
    const after = request.cursor === null ? undefined : cursorParam(request.cursor, 'del');
    const schema = `"${this.dataSource.driver.schema}"`;
    const inPeriod = 'e.driver_id = $1 AND e.created_at >= $2 AND e.created_at < $3';
    const rows: EarningRow[] = await this.dataSource.query(
      `SELECT e.delivery_id, e.amount, e.currency, e.created_at, d.pickup, d.dropoff
       FROM ${schema}.driver_earnings e JOIN ${schema}.deliveries d ON d.id = e.delivery_id
       WHERE ${inPeriod} ${after ? 'AND (e.created_at, e.delivery_id) < ($5, $6)' : ''}
       ORDER BY e.created_at DESC, e.delivery_id DESC LIMIT $4`,
      [driver.id, period.startsAt, period.endsBefore, request.limit + 1, ...(after ? [after.createdAt, after.id] : [])],
    );
    // Every earning of the period for its day totals: at most EARNINGS_MAX_DAYS days of one driver's deliveries.
    const dated: Array<{ amount: number; currency: string; created_at: Date }> = await this.dataSource.query(
      `SELECT e.amount, e.currency, e.created_at FROM ${schema}.driver_earnings e WHERE ${inPeriod}`,
      [driver.id, period.startsAt, period.endsBefore],
    );
    const page = toPage(
      rows,
      request.limit,
      (row) => ({ createdAt: row.created_at, id: row.delivery_id }),
      (row) => ({
        deliveryId: row.delivery_id,
        deliveredAt: row.created_at.toISOString(),
        date: localDate(row.created_at, period.timeZone),
        amount: row.amount,
        currency: row.currency,
        pickup: earningArea(row.pickup),
        dropoff: earningArea(row.dropoff),
      }),
    );
    return {
      timeZone: period.timeZone,
      from: period.from,
      to: period.to,
      days: totalsByDay(
        dated.map((row) => ({ createdAt: row.created_at, amount: row.amount, currency: row.currency })),
        period.timeZone,
      ),
      data: page.data,
      hasMore: page.has_more,
      nextCursor: page.next_cursor,
    };
  }
}
