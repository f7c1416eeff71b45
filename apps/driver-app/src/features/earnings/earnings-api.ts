import { api, type Schemas } from '../../api/client';
import { unwrap } from '@sdd/web';

export type DriverEarnings = Schemas['DriverEarnings'];
export type Earning = Schemas['DriverEarning'];
export type EarningDay = Schemas['EarningDay'];

/** The largest page the API gives: a day's deliveries in one call, almost always. */
const PAGE = 100;

/** The phone's time zone: the driver's days end at its midnights. */
export function phoneTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The last 7 days' totals in `timeZone` (the API's default span, ending today there); the deliveries come by day, so one is enough here. */
export function recentEarnings(timeZone: string): Promise<DriverEarnings> {
  return unwrap(api.GET('/v1/driver/earnings', { params: { query: { tz: timeZone, limit: 1 } } }));
}

/** One day's deliveries, newest first, a page at a time. */
export function earningsOfDay(timeZone: string, date: string, cursor: string | undefined): Promise<DriverEarnings> {
  return unwrap(api.GET('/v1/driver/earnings', { params: { query: { tz: timeZone, from: date, to: date, limit: PAGE, ...(cursor ? { cursor } : {}) } } }));
}
