import { describe, expect, it } from '@jest/globals';
import { formatDateTime, formatMoney } from './format';

describe('formatMoney', () => {
  it('turns minor units into the currency', () => {
    expect(formatMoney(1234, 'cad')).toBe('$12.34');
    expect(formatMoney(5, 'usd')).toBe('US$0.05');
  });
});

describe('formatDateTime', () => {
  it('shows a dash for nothing or nonsense', () => {
    expect(formatDateTime(null)).toBe('—');
    expect(formatDateTime('not a date')).toBe('—');
  });

  it('shows the year of a real timestamp', () => {
    expect(formatDateTime('2026-11-27T03:00:00Z')).toContain('2026');
  });
});
