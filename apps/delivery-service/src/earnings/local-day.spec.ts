import { addDays, canonicalTimeZone, daysBetween, isCalendarDate, localDate, startOfLocalDay } from './local-day';

describe('local days', () => {
  it.each([
    ['UTC', 'UTC'],
    ['america/toronto', 'America/Toronto'],
    ['Europe/Paris', 'Europe/Paris'],
  ])('knows the zone %s as %s', (given, canonical) => {
    expect(canonicalTimeZone(given)).toBe(canonical);
  });

  it.each(['Mars/Olympus', 'America/', '', 'Toronto'])('knows no zone %j', (given) => {
    expect(canonicalTimeZone(given)).toBeUndefined();
  });

  it.each([
    ['2026-11-27T04:59:59Z', 'America/Toronto', '2026-11-26'],
    ['2026-11-27T05:00:00Z', 'America/Toronto', '2026-11-27'],
    ['2026-07-01T03:59:59Z', 'America/Toronto', '2026-06-30'],
    ['2026-07-01T04:00:00Z', 'America/Toronto', '2026-07-01'],
    ['2026-11-27T23:59:59Z', 'UTC', '2026-11-27'],
    ['2026-11-27T13:30:00Z', 'Asia/Kolkata', '2026-11-27'],
    ['2026-11-27T18:30:00Z', 'Asia/Kolkata', '2026-11-28'],
  ])('%s in %s is on %s', (instant, zone, date) => {
    expect(localDate(new Date(instant), zone)).toBe(date);
  });

  it.each([
    ['2026-11-27', 'America/Toronto', '2026-11-27T05:00:00.000Z'],
    ['2026-07-01', 'America/Toronto', '2026-07-01T04:00:00.000Z'],
    // The days of the clock changes: the offset before midnight holds at midnight.
    ['2026-03-08', 'America/Toronto', '2026-03-08T05:00:00.000Z'],
    ['2026-03-09', 'America/Toronto', '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', 'America/Toronto', '2026-11-01T04:00:00.000Z'],
    ['2026-11-02', 'America/Toronto', '2026-11-02T05:00:00.000Z'],
    ['2026-11-27', 'Asia/Kolkata', '2026-11-26T18:30:00.000Z'],
    ['2026-11-27', 'UTC', '2026-11-27T00:00:00.000Z'],
    // Havana skips midnight in spring (00:00 → 01:00): the day starts at 01:00 local.
    ['2026-03-08', 'America/Havana', '2026-03-08T05:00:00.000Z'],
  ])('%s begins in %s at %s', (date, zone, instant) => {
    expect(startOfLocalDay(date, zone).toISOString()).toBe(instant);
    expect(localDate(startOfLocalDay(date, zone), zone)).toBe(date);
  });

  it('tells calendar dates from look-alikes', () => {
    expect(['2026-02-28', '2024-02-29', '2026-12-31'].map(isCalendarDate)).toEqual([true, true, true]);
    expect(['2026-02-29', '2026-13-01', '2026-1-01', '26-01-01', '2026-01-01T00:00:00Z', ''].map(isCalendarDate)).toEqual([false, false, false, false, false, false]);
  });

  it('counts days across months and years', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-11-21', '2026-11-27')).toBe(7);
    expect(daysBetween('2026-11-27', '2026-11-27')).toBe(1);
  });
});
