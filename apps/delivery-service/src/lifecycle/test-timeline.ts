import { DeliveryStatus, EventType, FailureReason, TestScenario } from '@sdd/contracts';

export type TimelineSteps = ReadonlyArray<{ status: DeliveryStatus; offsetMs: number }>;

/** decisions.md "Deliveries and events": offsets from the start, at speed 1. */
export const TEST_TIMELINE: TimelineSteps = [
  { status: 'created', offsetMs: 0 },
  { status: 'pending', offsetMs: 10_000 },
  { status: 'driver_assigned', offsetMs: 15_000 },
  { status: 'picked_up', offsetMs: 30_000 },
  { status: 'in_transit', offsetMs: 50_000 },
  { status: 'delivered', offsetMs: 80_000 },
];

/** `steps` with every step from `status` on `byMs` later: a scenario's wait before that step. */
function delayedFrom(status: DeliveryStatus, byMs: number, steps: TimelineSteps = TEST_TIMELINE): TimelineSteps {
  const from = steps.findIndex((step) => step.status === status);
  return steps.map((step, i) => (i >= from ? { status: step.status, offsetMs: step.offsetMs + byMs } : step));
}

/** `steps` ending in `status` instead of their last step, at the time that step would come `byMs` later. */
function endingIn(status: DeliveryStatus, byMs = 0, steps: TimelineSteps = TEST_TIMELINE): TimelineSteps {
  return [...steps.slice(0, -1), { status, offsetMs: steps[steps.length - 1].offsetMs + byMs }];
}

/**
 * The timeline of a test scenario: the steps live mode would go through, with
 * their events. driver_no_show: the first driver lets the offer lapse (30 s),
 * a second one takes it. slow_pickup: the driver waits a minute at the
 * pickup. recipient_unavailable and id_check_failed: the driver reaches the
 * dropoff and the delivery fails there. return_to_pickup: nobody takes the
 * package, the driver brings it back to the pickup (30 s).
 */
export function timelineFor(scenario: TestScenario | null): TimelineSteps {
  switch (scenario) {
    case 'driver_no_show':
      return delayedFrom('driver_assigned', 30_000);
    case 'slow_pickup':
      return delayedFrom('picked_up', 60_000);
    case 'recipient_unavailable':
    case 'id_check_failed':
      return endingIn('failed');
    case 'return_to_pickup':
      return endingIn('returned', 30_000);
    default:
      return TEST_TIMELINE;
  }
}

/**
 * Events a scenario emits just before a step, without a status of their own:
 * in reroute_declined the merchant's reroute, asked after assignment, is
 * declined by the driver before pickup, as a live driver would answer it.
 */
export function scenarioEventsBefore(scenario: TestScenario | null, step: DeliveryStatus): EventType[] {
  return scenario === 'reroute_declined' && step === 'picked_up' ? [EventType.DeliveryRerouteDeclined] : [];
}

/** Why a scenario's delivery fails, recorded on it as a driver would report it. */
export function scenarioFailureReason(scenario: TestScenario | null): FailureReason | null {
  if (scenario === 'return_to_pickup') return 'recipient_unavailable';
  return scenario === 'recipient_unavailable' || scenario === 'id_check_failed' ? scenario : null;
}

/** What a scenario's step records besides its status: how a failing or returning delivery failed. */
export function scenarioStepChanges(scenario: TestScenario | null, step: DeliveryStatus): { failureReason?: FailureReason | null } {
  return step === 'failed' || step === 'returned' ? { failureReason: scenarioFailureReason(scenario) } : {};
}

const MS_PER_MINUTE = 60_000;

function checkSpeed(speed: number): void {
  if (!Number.isFinite(speed) || speed <= 0) {
    throw new RangeError(`timeline speed must be a finite number above 0, got ${speed}`);
  }
}

function checkDate(name: string, date: Date): void {
  if (Number.isNaN(date.getTime())) throw new RangeError(`${name} is not a valid date`);
}

/**
 * Rounded to whole milliseconds because that is all a Date or a job delay
 * holds; every function here rounds the same way, so a status is reached at
 * exactly the instant the published timeline and the job delays say.
 */
function scaledOffsetMs(offsetMs: number, speed: number): number {
  return Math.round(offsetMs / speed);
}

function offsetOf(status: DeliveryStatus): number {
  const step = TEST_TIMELINE.find((s) => s.status === status);
  if (!step) throw new Error(`${status} is not a step of the test timeline`);
  return step.offsetMs;
}

const PICKED_UP_OFFSET_MS = offsetOf('picked_up');
const DELIVERED_OFFSET_MS = offsetOf('delivered');

/** The `simulated_timeline` of a test creation response. */
export function simulatedTimeline(startAt: Date, speed = 1, steps: TimelineSteps = TEST_TIMELINE): Array<{ status: DeliveryStatus; at: string }> {
  checkSpeed(speed);
  checkDate('startAt', startAt);
  const start = startAt.getTime();
  return steps.map(({ status, offsetMs }) => ({
    status,
    at: new Date(start + scaledOffsetMs(offsetMs, speed)).toISOString(),
  }));
}

/**
 * The steps after `created` (the delivery is created by the request itself),
 * each with its delay. Delays count from `now` to the absolute step time, so
 * a scheduled start in the future delays every step and a step already due
 * runs at once.
 */
export function stepDelays(startAt: Date, now: Date, speed = 1, steps: TimelineSteps = TEST_TIMELINE): Array<{ status: DeliveryStatus; delayMs: number }> {
  checkSpeed(speed);
  checkDate('startAt', startAt);
  checkDate('now', now);
  const fromNow = startAt.getTime() - now.getTime();
  return steps
    .filter((step) => step.offsetMs > 0)
    .map(({ status, offsetMs }) => ({
      status,
      delayMs: Math.max(0, fromNow + scaledOffsetMs(offsetMs, speed)),
    }));
}

/**
 * The steps still to run for a delivery that has reached `current`: what the
 * reconciler schedules again when a step was lost. Empty when
 * `current` is the last step or not on the test timeline at all (cancelled,
 * failed), since nothing may move such a delivery on.
 */
export function stepDelaysAfter(
  startAt: Date,
  now: Date,
  speed: number,
  current: DeliveryStatus,
  steps: TimelineSteps = TEST_TIMELINE,
): Array<{ status: DeliveryStatus; delayMs: number }> {
  const reached = steps.findIndex((step) => step.status === current);
  if (reached < 0) return [];
  const ahead = new Set(steps.slice(reached + 1).map((step) => step.status));
  return stepDelays(startAt, now, speed, steps).filter((step) => ahead.has(step.status));
}

function elapsedMs(startAt: Date, now: Date, speed: number): number {
  checkSpeed(speed);
  checkDate('startAt', startAt);
  checkDate('now', now);
  return now.getTime() - startAt.getTime();
}

/**
 * Where the simulated delivery should be at `now`; a step is reached at exactly
 * its time. Before a scheduled start the delivery is still `created`.
 */
export function statusAt(startAt: Date, now: Date, speed = 1): DeliveryStatus {
  const elapsed = elapsedMs(startAt, now, speed);
  let reached: DeliveryStatus = 'created';
  for (const { status, offsetMs } of TEST_TIMELINE) {
    if (scaledOffsetMs(offsetMs, speed) <= elapsed) reached = status;
  }
  return reached;
}

/**
 * Share of the pickup → dropoff route covered at `now`: the driver leaves the
 * pickup at picked_up and arrives at delivered, moving at a constant pace.
 */
export function progressAlongRoute(startAt: Date, now: Date, speed = 1): number {
  const elapsed = elapsedMs(startAt, now, speed);
  const pickedUpAt = scaledOffsetMs(PICKED_UP_OFFSET_MS, speed);
  const deliveredAt = scaledOffsetMs(DELIVERED_OFFSET_MS, speed);
  // Checked first: at very high speeds both round to the same millisecond.
  if (elapsed >= deliveredAt) return 1;
  if (elapsed <= pickedUpAt) return 0;
  return (elapsed - pickedUpAt) / (deliveredAt - pickedUpAt);
}

/**
 * `eta_minutes` of a test delivery. The simulated timeline stands for the
 * delivery the quote priced, compressed: the 80 s (divided by the speed) from
 * the start to delivered play the quoted ETA. So the countdown starts at the
 * quoted ETA, falls in proportion to the simulated time left, and is 0 exactly
 * from the delivered step on. Merchants see a figure consistent with their
 * quote, and a fast test timeline still shows a countdown instead of a
 * constant 0 or 1 it would show counting real minutes of an 80 s run. Before
 * a scheduled start the wait until the start is added in real minutes, since
 * the speed divides only the offsets, not the time until the start.
 */
export function etaMinutesAt(startAt: Date, now: Date, speed: number, quotedEtaMinutes: number): number {
  if (!Number.isFinite(quotedEtaMinutes) || quotedEtaMinutes < 0) {
    throw new RangeError(`quoted ETA must be a finite number of minutes, at least 0, got ${quotedEtaMinutes}`);
  }
  const elapsed = elapsedMs(startAt, now, speed);
  if (elapsed < 0) return Math.ceil(quotedEtaMinutes - elapsed / MS_PER_MINUTE);
  const deliveredAt = scaledOffsetMs(DELIVERED_OFFSET_MS, speed);
  if (elapsed >= deliveredAt) return 0;
  // Multiplied before dividing so that whole figures stay exact (25 × 0.6 is not 15 in floating point).
  return Math.ceil((quotedEtaMinutes * (deliveredAt - elapsed)) / deliveredAt);
}
