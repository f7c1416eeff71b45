import { EarningDayRecord } from '@sdd/contracts';
import { localDate } from './local-day';

/** An earning as the day totals need it. */
export interface DatedEarning {
  createdAt: Date;
  amount: number;
  currency: string;
}

/** Each day of `timeZone` (and currency) with earnings, its total and how many deliveries made it, newest day first. */
export function totalsByDay(earnings: DatedEarning[], timeZone: string): EarningDayRecord[] {
  const days = new Map<string, EarningDayRecord>();
  for (const earning of earnings) {
    const date = localDate(earning.createdAt, timeZone);
    const key = `${date} ${earning.currency}`;
    const day = days.get(key) ?? { date, currency: earning.currency, amount: 0, deliveries: 0 };
    day.amount += earning.amount;
    day.deliveries += 1;
    days.set(key, day);
  }
  return [...days.values()].sort((a, b) => (a.date === b.date ? a.currency.localeCompare(b.currency) : a.date < b.date ? 1 : -1));
}
