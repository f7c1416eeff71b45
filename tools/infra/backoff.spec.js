'use strict';

const { restartDelayMs, crashesInARow, MAX_DELAY_MS, STABLE_AFTER_MS } = require('./backoff');

describe('restartDelayMs', () => {
  it('starts at 1 s and doubles with each crash in a row', () => {
    expect([1, 2, 3, 4, 5].map(restartDelayMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000]);
  });

  it('never waits more than 30 s, however long the crash loop', () => {
    expect(restartDelayMs(6)).toBe(MAX_DELAY_MS);
    expect(restartDelayMs(7)).toBe(30_000);
    expect(restartDelayMs(10_000)).toBe(30_000);
  });

  it('refuses a count that is not a positive integer', () => {
    expect(() => restartDelayMs(0)).toThrow(RangeError);
    expect(() => restartDelayMs(1.5)).toThrow(RangeError);
  });
});

describe('crashesInARow', () => {
  it('counts crashes that come soon after a start', () => {
    expect(crashesInARow(0, 100)).toBe(1);
    expect(crashesInARow(3, STABLE_AFTER_MS - 1)).toBe(4);
  });

  it('starts a new series after the app stayed up a while', () => {
    expect(crashesInARow(5, STABLE_AFTER_MS)).toBe(1);
    expect(restartDelayMs(crashesInARow(5, 10 * STABLE_AFTER_MS))).toBe(1_000);
  });
});
