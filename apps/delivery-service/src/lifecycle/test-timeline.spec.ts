import { DeliveryStatus } from '@sdd/contracts';
import { canTransition, nextTestStatus } from './delivery-status';
import {
  TEST_TIMELINE,
  scenarioEventsBefore,
  scenarioFailureReason,
  scenarioStepChanges,
  timelineFor,
  etaMinutesAt,
  progressAlongRoute,
  simulatedTimeline,
  statusAt,
  stepDelays,
  stepDelaysAfter,
} from './test-timeline';

const START = new Date('2026-03-01T12:00:00.000Z');
const at = (ms: number): Date => new Date(START.getTime() + ms);

describe('TEST_TIMELINE', () => {
  it('holds the offsets of decisions.md', () => {
    expect(TEST_TIMELINE).toEqual([
      { status: 'created', offsetMs: 0 },
      { status: 'pending', offsetMs: 10_000 },
      { status: 'driver_assigned', offsetMs: 15_000 },
      { status: 'picked_up', offsetMs: 30_000 },
      { status: 'in_transit', offsetMs: 50_000 },
      { status: 'delivered', offsetMs: 80_000 },
    ]);
  });

  it('follows the test flow, each step an allowed transition', () => {
    for (let i = 1; i < TEST_TIMELINE.length; i++) {
      const from = TEST_TIMELINE[i - 1].status;
      const to = TEST_TIMELINE[i].status;
      expect(nextTestStatus(from)).toBe(to);
      expect(canTransition(from, to)).toBe(true);
    }
    expect(nextTestStatus(TEST_TIMELINE[TEST_TIMELINE.length - 1].status)).toBeUndefined();
  });
});

describe('simulatedTimeline', () => {
  it('gives absolute times at speed 1', () => {
    expect(simulatedTimeline(START)).toEqual([
      { status: 'created', at: '2026-03-01T12:00:00.000Z' },
      { status: 'pending', at: '2026-03-01T12:00:10.000Z' },
      { status: 'driver_assigned', at: '2026-03-01T12:00:15.000Z' },
      { status: 'picked_up', at: '2026-03-01T12:00:30.000Z' },
      { status: 'in_transit', at: '2026-03-01T12:00:50.000Z' },
      { status: 'delivered', at: '2026-03-01T12:01:20.000Z' },
    ]);
  });

  it('divides the offsets by the speed', () => {
    expect(simulatedTimeline(START, 1000).map((step) => step.at)).toEqual([
      '2026-03-01T12:00:00.000Z',
      '2026-03-01T12:00:00.010Z',
      '2026-03-01T12:00:00.015Z',
      '2026-03-01T12:00:00.030Z',
      '2026-03-01T12:00:00.050Z',
      '2026-03-01T12:00:00.080Z',
    ]);
  });

  it('rounds to whole milliseconds, and statusAt agrees with the published times', () => {
    const timeline = simulatedTimeline(START, 3);
    expect(timeline[1]).toEqual({ status: 'pending', at: '2026-03-01T12:00:03.333Z' });
    for (const step of timeline) expect(statusAt(START, new Date(step.at), 3)).toBe(step.status);
  });

  it('starts a scheduled delivery at its scheduled time', () => {
    const scheduled = new Date('2026-03-02T09:30:00.000Z');
    expect(simulatedTimeline(scheduled)[0].at).toBe('2026-03-02T09:30:00.000Z');
    expect(simulatedTimeline(scheduled)[5].at).toBe('2026-03-02T09:31:20.000Z');
  });
});

describe('speed and date checks', () => {
  const calls: Record<string, (speed: number) => unknown> = {
    simulatedTimeline: (speed) => simulatedTimeline(START, speed),
    stepDelays: (speed) => stepDelays(START, START, speed),
    statusAt: (speed) => statusAt(START, START, speed),
    progressAlongRoute: (speed) => progressAlongRoute(START, START, speed),
    etaMinutesAt: (speed) => etaMinutesAt(START, START, speed, 25),
  };

  it.each(Object.keys(calls))('%s refuses a speed that is not a finite number above 0', (name) => {
    for (const speed of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => calls[name](speed)).toThrow(RangeError);
    }
    expect(() => calls[name](0.5)).not.toThrow();
  });

  it('refuses invalid dates', () => {
    const invalid = new Date('not a date');
    expect(() => simulatedTimeline(invalid)).toThrow(RangeError);
    expect(() => stepDelays(START, invalid)).toThrow(RangeError);
    expect(() => statusAt(invalid, START)).toThrow(RangeError);
  });
});

describe('stepDelays', () => {
  it('gives every step after created, delayed by its offset when starting now', () => {
    expect(stepDelays(START, START)).toEqual([
      { status: 'pending', delayMs: 10_000 },
      { status: 'driver_assigned', delayMs: 15_000 },
      { status: 'picked_up', delayMs: 30_000 },
      { status: 'in_transit', delayMs: 50_000 },
      { status: 'delivered', delayMs: 80_000 },
    ]);
  });

  it('divides the delays by the speed', () => {
    expect(stepDelays(START, START, 1000).map((job) => job.delayMs)).toEqual([10, 15, 30, 50, 80]);
  });

  it('delays every step by the wait for a scheduled start', () => {
    const now = at(-60_000);
    expect(stepDelays(START, now).map((job) => job.delayMs)).toEqual([70_000, 75_000, 90_000, 110_000, 140_000]);
    expect(stepDelays(START, now, 1000).map((job) => job.delayMs)).toEqual([60_010, 60_015, 60_030, 60_050, 60_080]);
  });

  it('runs steps already due at once when rescheduling late, never with a negative delay', () => {
    expect(stepDelays(START, at(40_000)).map((job) => job.delayMs)).toEqual([0, 0, 0, 10_000, 40_000]);
    expect(stepDelays(START, at(3_600_000)).map((job) => job.delayMs)).toEqual([0, 0, 0, 0, 0]);
    for (let nowMs = -100; nowMs <= 200; nowMs += 7) {
      for (const job of stepDelays(START, at(nowMs), 1000)) expect(job.delayMs).toBeGreaterThanOrEqual(0);
    }
  });
});

describe('stepDelaysAfter', () => {
  const start = new Date('2026-11-23T10:00:00.000Z');

  it('schedules only the steps after the one reached, at their own times', () => {
    const now = new Date(start.getTime() + 40_000);
    expect(stepDelaysAfter(start, now, 1, 'picked_up')).toEqual([
      { status: 'in_transit', delayMs: 10_000 },
      { status: 'delivered', delayMs: 40_000 },
    ]);
  });

  it('runs overdue steps at once', () => {
    const now = new Date(start.getTime() + 600_000);
    expect(stepDelaysAfter(start, now, 1, 'pending').map((job) => [job.status, job.delayMs])).toEqual([
      ['driver_assigned', 0],
      ['picked_up', 0],
      ['in_transit', 0],
      ['delivered', 0],
    ]);
  });

  it('keeps a scheduled start days ahead', () => {
    const days = 3 * 24 * 3600_000;
    const jobs = stepDelaysAfter(new Date(start.getTime() + days), start, 1, 'created');
    expect(jobs[0]).toEqual({ status: 'pending', delayMs: days + 10_000 });
    expect(jobs).toHaveLength(5);
  });

  it.each(['delivered', 'cancelled', 'failed', 'driver_at_pickup'] as DeliveryStatus[])('schedules nothing after %s', (status) => {
    expect(stepDelaysAfter(start, start, 1, status)).toEqual([]);
  });
});

describe('statusAt', () => {
  it('is created before a scheduled start and at the start', () => {
    expect(statusAt(START, at(-3_600_000))).toBe('created');
    expect(statusAt(START, at(-1))).toBe('created');
    expect(statusAt(START, START)).toBe('created');
  });

  it.each<[number, DeliveryStatus, DeliveryStatus]>([
    [10_000, 'created', 'pending'],
    [15_000, 'pending', 'driver_assigned'],
    [30_000, 'driver_assigned', 'picked_up'],
    [50_000, 'picked_up', 'in_transit'],
    [80_000, 'in_transit', 'delivered'],
  ])('at %i ms: %s just before, %s exactly then', (offsetMs, before, reached) => {
    expect(statusAt(START, at(offsetMs - 1))).toBe(before);
    expect(statusAt(START, at(offsetMs))).toBe(reached);
    expect(statusAt(START, at(offsetMs / 1000 - 1), 1000)).toBe(before);
    expect(statusAt(START, at(offsetMs / 1000), 1000)).toBe(reached);
  });

  it('stays delivered afterwards', () => {
    expect(statusAt(START, at(86_400_000))).toBe('delivered');
  });
});

describe('progressAlongRoute', () => {
  it.each<[number, number]>([
    [-60_000, 0],
    [0, 0],
    [29_999, 0],
    [30_000, 0],
    [40_000, 0.2],
    [55_000, 0.5],
    [80_000, 1],
    [600_000, 1],
  ])('at %i ms: %d', (offsetMs, progress) => {
    expect(progressAlongRoute(START, at(offsetMs))).toBeCloseTo(progress, 10);
  });

  it('scales with the speed', () => {
    expect(progressAlongRoute(START, at(29), 1000)).toBe(0);
    expect(progressAlongRoute(START, at(55), 1000)).toBeCloseTo(0.5, 10);
    expect(progressAlongRoute(START, at(80), 1000)).toBe(1);
  });

  it('never leaves [0, 1] and never decreases', () => {
    let previous = 0;
    for (let ms = -1_000; ms <= 90_000; ms += 250) {
      const progress = progressAlongRoute(START, at(ms));
      expect(progress).toBeGreaterThanOrEqual(previous);
      expect(progress).toBeLessThanOrEqual(1);
      previous = progress;
    }
  });

  it('is a number at speeds so high that pickup and delivery share a millisecond', () => {
    expect(progressAlongRoute(START, START, 1e9)).toBe(1);
    expect(progressAlongRoute(START, at(-1), 1e9)).toBe(0);
  });
});

describe('etaMinutesAt', () => {
  it.each<[number, number]>([
    [0, 25],
    [1, 25],
    [32_000, 15],
    [40_000, 13],
    [79_999, 1],
    [80_000, 0],
    [600_000, 0],
  ])('at %i ms with a quoted 25 min: %i', (offsetMs, eta) => {
    expect(etaMinutesAt(START, at(offsetMs), 1, 25)).toBe(eta);
  });

  it('counts down the same way at high speed', () => {
    expect(etaMinutesAt(START, START, 1000, 25)).toBe(25);
    expect(etaMinutesAt(START, at(40), 1000, 25)).toBe(13);
    expect(etaMinutesAt(START, at(80), 1000, 25)).toBe(0);
  });

  it('adds the real wait before a scheduled start, whatever the speed', () => {
    expect(etaMinutesAt(START, at(-120_000), 1, 25)).toBe(27);
    expect(etaMinutesAt(START, at(-30_000), 1, 25)).toBe(26);
    expect(etaMinutesAt(START, at(-120_000), 1000, 25)).toBe(27);
  });

  it('never increases and never goes below 0, reaching 0 exactly at delivered', () => {
    let previous = Number.POSITIVE_INFINITY;
    for (let ms = -90_000; ms <= 100_000; ms += 500) {
      const eta = etaMinutesAt(START, at(ms), 1, 25);
      expect(eta).toBeLessThanOrEqual(previous);
      expect(eta).toBeGreaterThanOrEqual(0);
      expect(eta === 0).toBe(ms >= 80_000);
      previous = eta;
    }
  });

  it('is 0 from the start for a quoted ETA of 0', () => {
    expect(etaMinutesAt(START, START, 1, 0)).toBe(0);
  });

  it('refuses a quoted ETA that is negative or not finite', () => {
    expect(() => etaMinutesAt(START, START, 1, -1)).toThrow(RangeError);
    expect(() => etaMinutesAt(START, START, 1, Number.NaN)).toThrow(RangeError);
  });
});

describe('timelineFor (test scenarios)', () => {
  it('plays the plain timeline without a scenario', () => {
    expect(timelineFor(null)).toBe(TEST_TIMELINE);
  });

  it('ends the failing scenarios in failed, with their reason, at the time delivered would come', () => {
    for (const scenario of ['recipient_unavailable', 'id_check_failed'] as const) {
      const steps = timelineFor(scenario);
      expect(steps.map((step) => step.status)).toEqual(['created', 'pending', 'driver_assigned', 'picked_up', 'in_transit', 'failed']);
      expect(steps[steps.length - 1].offsetMs).toBe(80_000);
      expect(scenarioFailureReason(scenario)).toBe(scenario);
    }
    expect(scenarioFailureReason('slow_pickup')).toBeNull();
  });

  it('delays the driver for driver_no_show and the pickup for slow_pickup, in order', () => {
    const noShow = timelineFor('driver_no_show');
    const slow = timelineFor('slow_pickup');
    const at = (steps: ReturnType<typeof timelineFor>, status: string) => steps.find((step) => step.status === status)?.offsetMs ?? -1;
    expect(at(noShow, 'driver_assigned')).toBeGreaterThan(at(TEST_TIMELINE, 'driver_assigned'));
    expect(at(slow, 'picked_up') - at(slow, 'driver_assigned')).toBeGreaterThan(at(TEST_TIMELINE, 'picked_up') - at(TEST_TIMELINE, 'driver_assigned'));
    for (const steps of [noShow, slow]) {
      const offsets = steps.map((step) => step.offsetMs);
      expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    }
  });
});

describe('scenarioEventsBefore', () => {
  it('declines a reroute just before pickup in reroute_declined, and nowhere else', () => {
    expect(scenarioEventsBefore('reroute_declined', 'picked_up')).toEqual(['delivery.reroute_declined']);
    expect(scenarioEventsBefore('reroute_declined', 'in_transit')).toEqual([]);
    expect(scenarioEventsBefore(null, 'picked_up')).toEqual([]);
    expect(scenarioEventsBefore('slow_pickup', 'picked_up')).toEqual([]);
  });
});

describe('scenarioStepChanges', () => {
  it('records the failure reason on the failing or returning step alone', () => {
    expect(scenarioStepChanges('recipient_unavailable', 'failed')).toEqual({ failureReason: 'recipient_unavailable' });
    expect(scenarioStepChanges('return_to_pickup', 'returned')).toEqual({ failureReason: 'recipient_unavailable' });
    expect(scenarioStepChanges(null, 'failed')).toEqual({ failureReason: null });
    expect(scenarioStepChanges('recipient_unavailable', 'in_transit')).toEqual({});
  });
});
