import { describe, expect, it } from '@jest/globals';
import { filtersFromParams, filtersToParams, listQuery } from './delivery-filters';

describe('delivery filters', () => {
  it('reads valid filters and drops the rest', () => {
    const params = new URLSearchParams('status=picked_up&from=2026-11-01&to=yesterday&reference=%20ORD-7%20');
    expect(filtersFromParams(params)).toEqual({ status: 'picked_up', from: '2026-11-01', reference: 'ORD-7' });
    expect(filtersFromParams(new URLSearchParams('status=lost'))).toEqual({});
  });

  it('round-trips through the URL', () => {
    const filters = { status: 'delivered' as const, from: '2026-11-01', to: '2026-11-30', reference: 'abc' };
    expect(filtersFromParams(filtersToParams(filters))).toEqual(filters);
  });

  it('asks the API for every filter: status, reference, and the local days as Unix seconds', () => {
    expect(listQuery({})).toEqual({ limit: 100 });
    expect(listQuery({ status: 'failed', reference: 'ORD-7' })).toEqual({ limit: 100, status: 'failed', external_reference: 'ORD-7' });
    const { 'created[gte]': gte = NaN, 'created[lte]': lte = NaN } = listQuery({ from: '2026-11-15', to: '2026-11-16' });
    const from = new Date(gte * 1000);
    const to = new Date(lte * 1000);
    // The browser's midnight opening the 15th, and the last second of the 16th, wherever the browser is.
    expect([from.getFullYear(), from.getMonth(), from.getDate(), from.getHours(), from.getMinutes(), from.getSeconds()]).toEqual([2026, 10, 15, 0, 0, 0]);
    expect([to.getFullYear(), to.getMonth(), to.getDate(), to.getHours(), to.getMinutes(), to.getSeconds()]).toEqual([2026, 10, 16, 23, 59, 59]);
  });

  it('keeps a day whole whatever its length (a daylight-saving change makes it 23 or 25 hours)', () => {
    for (const day of ['2026-03-08', '2026-03-29', '2026-11-01', '2026-10-25', '2026-07-01']) {
      const { 'created[gte]': gte = NaN, 'created[lte]': lte = NaN } = listQuery({ from: day, to: day });
      const [year, month, date] = day.split('-').map(Number);
      const length = (new Date(year, month - 1, date + 1).getTime() - new Date(year, month - 1, date).getTime()) / 1000;
      expect(lte - gte).toBe(length - 1);
    }
  });
});
