import { totalsByDay } from './earning-days';

const earning = (at: string, amount: number, currency = 'cad') => ({ createdAt: new Date(at), amount, currency });

describe('totalsByDay', () => {
  it('adds up each local day, newest first, counting its deliveries', () => {
    const earnings = [earning('2026-11-26T14:00:00Z', 640), earning('2026-11-27T04:30:00Z', 800), earning('2026-11-27T05:30:00Z', 1000), earning('2026-11-25T12:00:00Z', 500)];
    expect(totalsByDay(earnings, 'America/Toronto')).toEqual([
      { date: '2026-11-27', currency: 'cad', amount: 1000, deliveries: 1 },
      // 04:30 UTC on the 27th is the evening of the 26th in Toronto.
      { date: '2026-11-26', currency: 'cad', amount: 1440, deliveries: 2 },
      { date: '2026-11-25', currency: 'cad', amount: 500, deliveries: 1 },
    ]);
    expect(totalsByDay(earnings, 'UTC').map((day) => [day.date, day.amount])).toEqual([
      ['2026-11-27', 1800],
      ['2026-11-26', 640],
      ['2026-11-25', 500],
    ]);
  });

  it('keeps currencies apart and gives nothing for no earnings', () => {
    expect(totalsByDay([earning('2026-11-27T12:00:00Z', 800, 'usd'), earning('2026-11-27T13:00:00Z', 700)], 'UTC')).toEqual([
      { date: '2026-11-27', currency: 'cad', amount: 700, deliveries: 1 },
      { date: '2026-11-27', currency: 'usd', amount: 800, deliveries: 1 },
    ]);
    expect(totalsByDay([], 'UTC')).toEqual([]);
  });
});
