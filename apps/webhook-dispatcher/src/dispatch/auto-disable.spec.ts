import {
  AUTO_DISABLE_AFTER_MS,
  AUTO_DISABLE_FAILURE_RATIO,
  AUTO_DISABLE_MIN_ATTEMPTS,
  AUTO_DISABLE_WARN_AFTER_MS,
  autoDisableVerdict,
  countAttempt,
  EndpointHealth,
  failingRateExceeded,
  FailingRun,
  nextFailingRun,
} from './auto-disable';

const HOUR = 3600 * 1000;
const began = new Date('2026-01-01T00:00:00Z');
const at = (hours: number): Date => new Date(began.getTime() + hours * HOUR);
const thresholds = { warnAfterMs: AUTO_DISABLE_WARN_AFTER_MS, disableAfterMs: AUTO_DISABLE_AFTER_MS };
const run = (attempts: number, failures: number): FailingRun => ({ failingSince: began, attempts, failures });
const none: FailingRun = { failingSince: null, attempts: 0, failures: 0 };

describe('auto-disable thresholds', () => {
  it('are those of decisions.md: 24 h, warned at 12 h, at least 10 attempts, more than 90% failed', () => {
    expect(AUTO_DISABLE_AFTER_MS).toBe(86_400_000);
    expect(AUTO_DISABLE_WARN_AFTER_MS).toBe(43_200_000);
    expect(AUTO_DISABLE_MIN_ATTEMPTS).toBe(10);
    expect(AUTO_DISABLE_FAILURE_RATIO).toBe(0.9);
  });
});

describe('autoDisableVerdict', () => {
  it('leaves an endpoint with no run of failures alone', () => {
    expect(autoDisableVerdict(none, false, at(100), thresholds)).toBe('healthy');
  });

  it('never disables after a burst: 423 attempts, 381 failed, 43 s after the run began', () => {
    expect(autoDisableVerdict(run(423, 381), false, new Date(began.getTime() + 43_000), thresholds)).toBe('healthy');
  });

  it.each([
    [0.01, 35, false, 'healthy'], // 35 failures within seconds
    [1, 1000, false, 'healthy'], // down for an hour
    [11.99, 1000, false, 'healthy'],
    [12, 1000, false, 'warn'],
    [12, 1000, true, 'healthy'], // warned once per run
    [23.99, 1000, true, 'healthy'],
    [24, 1000, true, 'disable'],
    [24, 10, true, 'disable'],
    [24, 1000, false, 'warn'], // told before it happens, even when no attempt came in the warning window
    [24, 9, true, 'healthy'], // too few attempts to be sure
    [48, 9, true, 'healthy'],
  ])('failing for %d h, %d attempts all failed, warned %p: %s', (hours, attempts, warned, expected) => {
    expect(autoDisableVerdict(run(attempts, attempts), warned, at(hours), thresholds)).toBe(expected);
  });

  it.each([
    [20, 19, 'disable'], // 95%
    [20, 18, 'healthy'], // 90% exactly
    [1000, 901, 'disable'],
    [1000, 900, 'healthy'],
  ])('after 24 h, %d attempts of which %d failed: %s', (attempts, failures, expected) => {
    expect(autoDisableVerdict(run(attempts, failures), true, at(24), thresholds)).toBe(expected);
  });

  it('follows the configured thresholds', () => {
    const short = { warnAfterMs: 2_000, disableAfterMs: 5_000 };
    expect(autoDisableVerdict(run(10, 10), false, new Date(began.getTime() + 1_999), short)).toBe('healthy');
    expect(autoDisableVerdict(run(10, 10), false, new Date(began.getTime() + 2_000), short)).toBe('warn');
    expect(autoDisableVerdict(run(10, 10), true, new Date(began.getTime() + 5_000), short)).toBe('disable');
  });
});

describe('nextFailingRun', () => {
  it('starts a run at the first failure and not at a success', () => {
    expect(nextFailingRun(none, { succeeded: true, at: at(1) })).toEqual(none);
    expect(nextFailingRun(none, { succeeded: false, at: at(1) })).toEqual({ failingSince: at(1), attempts: 1, failures: 1 });
  });

  it('extends the run with each failure, keeping when it began', () => {
    expect(nextFailingRun(run(5, 5), { succeeded: false, at: at(3) })).toEqual(run(6, 6));
  });

  it('ends the run when a success brings its failure rate to 90% or below', () => {
    expect(nextFailingRun(run(1, 1), { succeeded: true, at: at(1) })).toEqual(none);
    expect(nextFailingRun(run(9, 9), { succeeded: true, at: at(1) })).toEqual(none); // 9 of 10
  });

  it('keeps the run through a rare success: an endpoint answering one in twenty is still failing', () => {
    expect(nextFailingRun(run(10, 10), { succeeded: true, at: at(1) })).toEqual(run(11, 10));
    let current = run(0, 0);
    for (let i = 1; i <= 200; i++) current = nextFailingRun(current, { succeeded: i % 20 === 0, at: at(i / 8) });
    expect(current).toEqual(run(200, 190));
    expect(autoDisableVerdict(current, true, at(25), thresholds)).toBe('disable');
  });
});

describe('failingRateExceeded', () => {
  it('is exact at the 90% boundary for every multiple of 10 attempts up to a million', () => {
    const wrong: number[] = [];
    for (let attempts = 10; attempts <= 1_000_000; attempts += 10) {
      const atRatio = (attempts / 10) * 9;
      if (failingRateExceeded(attempts, atRatio) || !failingRateExceeded(attempts, atRatio + 1)) wrong.push(attempts);
    }
    expect(wrong).toEqual([]);
  });

  it('is false with no attempts', () => {
    expect(failingRateExceeded(0, 0)).toBe(false);
  });
});

describe('countAttempt', () => {
  const healthy = { run: none, warnedAt: null, active: true };
  const failure = (hours: number) => ({ succeeded: false, at: at(hours) });

  it('warns once when the run reaches the warning time, then disables it past the full window', () => {
    let health: EndpointHealth = healthy;
    const steps: Array<[number, string | null]> = [];
    for (let hours = 0; hours <= 26; hours++) {
      const counted = countAttempt(health, failure(hours), thresholds);
      health = counted.health;
      steps.push([hours, counted.step]);
    }
    expect(steps.filter(([, step]) => step !== null)).toEqual([
      [12, 'warned'],
      [24, 'disabled'],
    ]);
    // Disabled at 24 h: the attempts after it are not counted.
    expect(health).toEqual({ run: run(25, 25), warnedAt: at(12), active: false });
  });

  it('counts nothing into a disabled endpoint', () => {
    const disabled = { run: run(50, 50), warnedAt: at(12), active: false };
    expect(countAttempt(disabled, failure(30), thresholds)).toEqual({ health: disabled, step: null });
  });

  it('forgets the warning when the run ends, so the next run is warned again', () => {
    const warned = { run: run(1, 1), warnedAt: at(12), active: true };
    const ended = countAttempt(warned, { succeeded: true, at: at(13) }, thresholds);
    expect(ended).toEqual({ health: healthy, step: null });
  });

  it('leaves an endpoint that fails within seconds alone', () => {
    let health: EndpointHealth = healthy;
    for (let i = 0; i < 400; i++) {
      const counted = countAttempt(health, { succeeded: false, at: new Date(began.getTime() + i * 100) }, thresholds);
      expect(counted.step).toBeNull();
      health = counted.health;
    }
    expect(health).toMatchObject({ active: true, warnedAt: null, run: { failingSince: began, attempts: 400, failures: 400 } });
  });
});
