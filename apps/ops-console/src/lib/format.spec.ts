import { describe, expect, it } from '@jest/globals';
import { formatAge, formatAmount, formatTime } from './format';

describe('format', () => {
  it('says how long ago in seconds under a minute, then whole minutes', () => {
    const now = Date.parse('2026-11-27T12:00:00Z');
    expect(formatAge('2026-11-27T11:59:35Z', now)).toBe('25 s');
    expect(formatAge('2026-11-27T11:47:10Z', now)).toBe('12 min');
    expect(formatAge('2026-11-27T12:00:05Z', now)).toBe('0 s');
  });

  it('shows a dash for no time', () => {
    expect(formatTime(null)).toBe('—');
  });

  it('shows minor units as money in their currency', () => {
    expect(formatAmount(2250, 'cad')).toBe('$22.50');
    expect(formatAmount(5, 'usd')).toBe('US$0.05');
  });
});
