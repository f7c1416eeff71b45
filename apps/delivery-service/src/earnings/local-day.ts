/**
 * Days as a driver lives them: the calendar dates of an IANA time zone, told
 * apart at its local midnights. Intl knows every zone and its daylight-saving
 * rules, so no table of ours does.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's canonical name (`america/toronto` → `America/Toronto`), or undefined when Intl knows no such zone. */
export function canonicalTimeZone(timeZone: string): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/** The wall clock of `timeZone` at `instant`, read as if it were UTC (milliseconds dropped). */
function wallClockMs(instant: Date, timeZone: string): number {
  const fields: Record<string, number> = {};
  for (const part of formatterOf(timeZone).formatToParts(instant)) if (part.type !== 'literal') fields[part.type] = Number(part.value);
  return Date.UTC(fields.year, fields.month - 1, fields.day, fields.hour, fields.minute, fields.second);
}

/** The date (YYYY-MM-DD) it is in `timeZone` at `instant`. */
export function localDate(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant, timeZone)).toISOString().slice(0, 10);
}

/** Whether `text` is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The date `days` after `date` (before, when negative). */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both counted. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/**
 * The instant `date` begins in `timeZone`: its local midnight, or, where a
 * daylight-saving change skips midnight, the first moment of the day.
 */
export function startOfLocalDay(date: string, timeZone: string): Date {
  const midnightAsUtc = Date.parse(`${date}T00:00:00Z`);
  // The zone's offset at a first guess, then at the instant that guess gives: two readings settle a change of offset in between.
  let instant = midnightAsUtc - (wallClockMs(new Date(midnightAsUtc), timeZone) - midnightAsUtc);
  instant = midnightAsUtc - (wallClockMs(new Date(instant), timeZone) - instant);
  // Midnight skipped: the instant found reads as the evening before; the day starts when the clock jumps, on the hour after.
  while (localDate(new Date(instant), timeZone) < date) instant += 60 * 60 * 1000 - (instant % (60 * 60 * 1000));
  return new Date(instant);
}
