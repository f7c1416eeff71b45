import { AppError } from '@sdd/common';
import { earningsPeriod } from './earnings-period';

const NOW = new Date('2026-11-27T03:00:00Z');

function refusal(asked: { timeZone: string; from: string | null; to: string | null }): { param: string | null; status: number } | undefined {
  try {
    earningsPeriod(asked, NOW);
    return undefined;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return { param: error.param, status: error.status };
  }
}

describe('earningsPeriod', () => {
  it('defaults to the last 7 days of the zone, today included', () => {
    // 03:00 UTC is still the 26th in Toronto.
    expect(earningsPeriod({ timeZone: 'America/Toronto', from: null, to: null }, NOW)).toEqual({
      timeZone: 'America/Toronto',
      from: '2026-11-20',
      to: '2026-11-26',
      startsAt: new Date('2026-11-20T05:00:00Z'),
      endsBefore: new Date('2026-11-27T05:00:00Z'),
    });
    expect(earningsPeriod({ timeZone: 'UTC', from: null, to: null }, NOW)).toMatchObject({ from: '2026-11-21', to: '2026-11-27' });
  });

  it('takes the dates given, both counted, and the zone by its canonical name', () => {
    expect(earningsPeriod({ timeZone: 'america/toronto', from: '2026-11-01', to: '2026-11-01' }, NOW)).toEqual({
      timeZone: 'America/Toronto',
      from: '2026-11-01',
      to: '2026-11-01',
      // The clocks went back that night: a day of 25 hours.
      startsAt: new Date('2026-11-01T04:00:00Z'),
      endsBefore: new Date('2026-11-02T05:00:00Z'),
    });
    expect(earningsPeriod({ timeZone: 'UTC', from: null, to: '2026-10-31' }, NOW)).toMatchObject({ from: '2026-10-25', to: '2026-10-31' });
    expect(earningsPeriod({ timeZone: 'UTC', from: '2026-08-28', to: '2026-11-27' }, NOW)).toMatchObject({ from: '2026-08-28' });
  });

  it.each([
    [{ timeZone: 'Mars/Olympus', from: null, to: null }, 'tz'],
    [{ timeZone: 'UTC', from: '2026-02-30', to: null }, 'from'],
    [{ timeZone: 'UTC', from: null, to: '2026-11-27T00:00' }, 'to'],
    [{ timeZone: 'UTC', from: '2026-11-28', to: '2026-11-27' }, 'from'],
    // 93 days.
    [{ timeZone: 'UTC', from: '2026-08-27', to: '2026-11-27' }, 'from'],
  ])('refuses %j with a 400 naming %s', (asked, param) => {
    expect(refusal(asked)).toEqual({ param, status: 400 });
  });
});
