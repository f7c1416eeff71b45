import { describe, expect, it } from '@jest/globals';
import { formatCountdown, secondsLeft } from './countdown';

describe('offer countdown', () => {
  const now = Date.parse('2026-11-27T12:00:00.000Z');

  it('counts whole seconds up, to zero and not below', () => {
    expect(secondsLeft('2026-11-27T12:00:30.000Z', now)).toBe(30);
    expect(secondsLeft('2026-11-27T12:00:29.400Z', now)).toBe(30);
    expect(secondsLeft('2026-11-27T11:59:59.000Z', now)).toBe(0);
  });

  it('reads as m:ss', () => {
    expect(formatCountdown(75)).toBe('1:15');
    expect(formatCountdown(9)).toBe('0:09');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });
});
