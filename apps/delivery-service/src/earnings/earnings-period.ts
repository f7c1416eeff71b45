import { EARNINGS_MAX_DAYS, ErrorCode } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { addDays, canonicalTimeZone, daysBetween, isCalendarDate, localDate, startOfLocalDay } from './local-day';

/** The days a driver asked for without naming them: today and the six before (a week). */
export const DEFAULT_EARNINGS_DAYS = 7;

/** The days a driver's earnings cover: dates of `timeZone`, from its midnight starting `from` to the one ending `to`. */
export interface EarningsPeriod {
  timeZone: string;
  from: string;
  to: string;
  startsAt: Date;
  endsBefore: Date;
}

function invalid(param: string, message: string): AppError {
  return AppError.invalidRequest(ErrorCode.ParameterInvalid, message, param);
}

/**
 * The period of `?tz&from&to` (the gateway names the fields so): `to`
 * defaults to today in the zone, `from` to the six days before `to`; both
 * dates count; at most EARNINGS_MAX_DAYS days. A 400 names the field at fault.
 */
export function earningsPeriod(asked: { timeZone: string; from: string | null; to: string | null }, now: Date): EarningsPeriod {
  const timeZone = canonicalTimeZone(asked.timeZone);
  if (timeZone === undefined) throw invalid('tz', 'tz must be an IANA time zone, such as America/Toronto or UTC.');
  for (const [param, date] of [
    ['from', asked.from],
    ['to', asked.to],
  ] as const) {
    if (date !== null && !isCalendarDate(date)) throw invalid(param, `${param} must be a date written YYYY-MM-DD.`);
  }
  const to = asked.to ?? localDate(now, timeZone);
  const from = asked.from ?? addDays(to, 1 - DEFAULT_EARNINGS_DAYS);
  if (from > to) throw invalid('from', 'from must be on or before to.');
  if (daysBetween(from, to) > EARNINGS_MAX_DAYS) throw invalid('from', `from and to may span at most ${EARNINGS_MAX_DAYS} days.`);
  return { timeZone, from, to, startsAt: startOfLocalDay(from, timeZone), endsBefore: startOfLocalDay(addDays(to, 1), timeZone) };
}
