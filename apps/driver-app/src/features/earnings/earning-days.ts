import type { EarningDay } from './earnings-api';

/** A day as the earnings screen lists it: every one of the days asked for, with or without deliveries. */
export interface ListedDay {
  date: string;
  /** One total per currency earned that day; none on a day without deliveries. */
  totals: Array<{ currency: string; amount: number }>;
  deliveries: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `to` and the days before it back to `from`, newest first (dates written YYYY-MM-DD). */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let at = Date.parse(`${to}T00:00:00Z`); at >= Date.parse(`${from}T00:00:00Z`); at -= DAY_MS) dates.push(new Date(at).toISOString().slice(0, 10));
  return dates;
}

/** Every date from `from` to `to`, newest first, with the API's totals of the days it had (it leaves out days without earnings). */
export function listDays(days: EarningDay[], from: string, to: string): ListedDay[] {
  return datesBetween(from, to).map((date) => {
    const of = days.filter((day) => day.date === date);
    return { date, totals: of.map(({ currency, amount }) => ({ currency, amount })), deliveries: of.reduce((sum, day) => sum + day.deliveries, 0) };
  });
}

/** Cents as money, e.g. `$12.40` for 1240 cad. */
export function formatMoney(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-CA', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/** A day's totals as one line: `$12.40`, `$0.00` without deliveries. */
export function formatTotals(day: ListedDay): string {
  return day.totals.length === 0 ? formatMoney(0, 'cad') : day.totals.map((total) => formatMoney(total.amount, total.currency)).join(' + ');
}

/** `Today`, `Yesterday`, or the weekday and date (`Mon, Nov 23`). */
export function dayLabel(date: string, today: string): string {
  if (date === today) return 'Today';
  if (datesBetween(date, today).length === 2) return 'Yesterday';
  return new Intl.DateTimeFormat('en-CA', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
