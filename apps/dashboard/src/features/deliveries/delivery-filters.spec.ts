import { describe, expect, it } from '@jest/globals';
import { filtersFromParams, filtersToParams, listQuery, matchesFilters } from './delivery-filters';

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

  it('asks the API for the status only', () => {
    expect(listQuery({ status: 'failed', reference: 'x' })).toEqual({ limit: 100, status: 'failed' });
    expect(listQuery({})).toEqual({ limit: 100 });
  });

  it('matches the creation day inclusively and the reference in any case', () => {
    const delivery = { created_at: new Date(2026, 10, 15, 12).toISOString(), external_reference: 'ORD-7731' };
    expect(matchesFilters(delivery, { from: '2026-11-15', to: '2026-11-15' })).toBe(true);
    expect(matchesFilters(delivery, { from: '2026-11-16' })).toBe(false);
    expect(matchesFilters(delivery, { to: '2026-11-14' })).toBe(false);
    expect(matchesFilters(delivery, { reference: 'ord-77' })).toBe(true);
    expect(matchesFilters({ ...delivery, external_reference: null }, { reference: 'ord' })).toBe(false);
  });
});
