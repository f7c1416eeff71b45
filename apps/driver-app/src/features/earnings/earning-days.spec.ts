import { describe, expect, it } from '@jest/globals';
import { dayLabel, datesBetween, formatMoney, formatTotals, listDays } from './earning-days';

describe('earning days', () => {
  it('lists every date of the span, newest first, across a month end', () => {
    expect(datesBetween('2026-11-28', '2026-12-02')).toEqual(['2026-12-02', '2026-12-01', '2026-11-30', '2026-11-29', '2026-11-28']);
    expect(datesBetween('2026-11-27', '2026-11-27')).toEqual(['2026-11-27']);
  });

  it('fills the days the API left out with nothing earned', () => {
    const days = listDays(
      [
        { date: '2026-11-27', currency: 'cad', amount: 1280, deliveries: 2 },
        { date: '2026-11-25', currency: 'cad', amount: 640, deliveries: 1 },
      ],
      '2026-11-24',
      '2026-11-27',
    );
    expect(days).toEqual([
      { date: '2026-11-27', totals: [{ currency: 'cad', amount: 1280 }], deliveries: 2 },
      { date: '2026-11-26', totals: [], deliveries: 0 },
      { date: '2026-11-25', totals: [{ currency: 'cad', amount: 640 }], deliveries: 1 },
      { date: '2026-11-24', totals: [], deliveries: 0 },
    ]);
    expect(days.map(formatTotals)).toEqual(['$12.80', '$0.00', '$6.40', '$0.00']);
  });

  it('writes money and days as a driver reads them', () => {
    expect(formatMoney(1240, 'cad')).toBe('$12.40');
    expect(formatMoney(5, 'cad')).toBe('$0.05');
    expect(dayLabel('2026-11-27', '2026-11-27')).toBe('Today');
    expect(dayLabel('2026-11-26', '2026-11-27')).toBe('Yesterday');
    expect(dayLabel('2026-11-23', '2026-11-27')).toMatch(/^Mon\.?, Nov\.? 23$/);
  });
});
