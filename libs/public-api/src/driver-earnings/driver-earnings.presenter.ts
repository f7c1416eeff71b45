import { DriverEarningsRecord, EarningAreaRecord } from '@sdd/contracts';
import { DriverEarningsResource, EarningAreaResource } from './driver-earnings.resource';

function presentArea(area: EarningAreaRecord): EarningAreaResource {
  return { city: area.city, province: area.province, postal_prefix: area.postalPrefix };
}

export function presentDriverEarnings(earnings: DriverEarningsRecord): DriverEarningsResource {
  return {
    object: 'driver_earnings',
    time_zone: earnings.timeZone,
    from: earnings.from,
    to: earnings.to,
    days: earnings.days.map((day) => ({ date: day.date, currency: day.currency, amount: day.amount, deliveries: day.deliveries })),
    data: earnings.data.map((earning) => ({
      delivery_id: earning.deliveryId,
      delivered_at: earning.deliveredAt,
      date: earning.date,
      amount: earning.amount,
      currency: earning.currency,
      pickup: presentArea(earning.pickup),
      dropoff: presentArea(earning.dropoff),
    })),
    has_more: earnings.hasMore,
    next_cursor: earnings.nextCursor,
  };
}
