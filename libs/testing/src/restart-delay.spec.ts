import { restartDelayMs } from './restart-delay';

describe('restartDelayMs', () => {
  it('restarts a crash soon after it happened', () => {
    expect(restartDelayMs(0)).toBe(500);
  });

  it('doubles the delay for every restart in a row that never became ready', () => {
    expect([1, 2, 3].map(restartDelayMs)).toEqual([1000, 2000, 4000]);
  });

  it('never waits more than 10 s, however long the app keeps crashing', () => {
    expect(restartDelayMs(5)).toBe(10_000);
    expect(restartDelayMs(50)).toBe(10_000);
  });
});
