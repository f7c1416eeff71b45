import { DELIVERY_STATUSES, DeliveryStatus } from '@sdd/contracts';
import {
  CANCELLABLE,
  CancelOutcome,
  IN_PROGRESS,
  TERMINAL,
  canTransition,
  cancelOutcome,
  eventTypeFor,
  isCancellable,
  isDeliveryStatus,
  isInProgress,
  isTerminal,
  nextLiveStatus,
  nextTestStatus,
} from './delivery-status';

/** Written out, not derived, so a change to the rules has to change this table too. */
const COLUMNS: readonly DeliveryStatus[] = ['created', 'pending', 'driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit', 'delivered', 'cancelled', 'failed', 'returned'];
const ALLOWED: Readonly<Record<DeliveryStatus, readonly (0 | 1)[]>> = {
  //                 cre pen das dap pku itr del can fai ret
  created: [0, 1, 0, 0, 0, 0, 0, 1, 0, 0],
  pending: [0, 0, 1, 0, 0, 0, 0, 1, 0, 0],
  driver_assigned: [0, 0, 0, 1, 1, 0, 0, 0, 1, 0],
  driver_at_pickup: [0, 0, 0, 0, 1, 0, 0, 0, 1, 0],
  picked_up: [0, 0, 0, 0, 0, 1, 0, 0, 1, 1],
  in_transit: [0, 0, 0, 0, 0, 0, 1, 0, 1, 1],
  delivered: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  cancelled: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  failed: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
  returned: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
};

const PAIRS: Array<[DeliveryStatus, DeliveryStatus, boolean]> = COLUMNS.flatMap((from) =>
  COLUMNS.map((to, column): [DeliveryStatus, DeliveryStatus, boolean] => [from, to, ALLOWED[from][column] === 1]),
);

describe('DELIVERY_STATUSES', () => {
  it('lists the contract statuses in lifecycle order, without "simulated"', () => {
    expect(DELIVERY_STATUSES).toEqual(COLUMNS);
  });

  it('recognises stored strings', () => {
    expect(DELIVERY_STATUSES.every(isDeliveryStatus)).toBe(true);
    expect(isDeliveryStatus('simulated')).toBe(false);
    expect(isDeliveryStatus('Delivered')).toBe(false);
    expect(isDeliveryStatus('')).toBe(false);
  });
});

describe('status sets (decisions.md: cancel rules)', () => {
  it('holds the decided members', () => {
    expect(CANCELLABLE).toEqual(['created', 'pending']);
    expect(IN_PROGRESS).toEqual(['driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit']);
    expect(TERMINAL).toEqual(['delivered', 'cancelled', 'failed', 'returned']);
  });

  it('partitions the statuses: each is in exactly one set', () => {
    for (const status of DELIVERY_STATUSES) {
      expect([isCancellable(status), isInProgress(status), isTerminal(status)].filter(Boolean)).toHaveLength(1);
    }
  });

  it.each<[DeliveryStatus, boolean, boolean, boolean]>([
    ['created', true, false, false],
    ['pending', true, false, false],
    ['driver_assigned', false, true, false],
    ['driver_at_pickup', false, true, false],
    ['picked_up', false, true, false],
    ['in_transit', false, true, false],
    ['delivered', false, false, true],
    ['cancelled', false, false, true],
    ['failed', false, false, true],
    ['returned', false, false, true],
  ])('%s: cancellable %s, in progress %s, terminal %s', (status, cancellable, inProgress, terminal) => {
    expect(isCancellable(status)).toBe(cancellable);
    expect(isInProgress(status)).toBe(inProgress);
    expect(isTerminal(status)).toBe(terminal);
  });
});

describe('canTransition', () => {
  it.each(PAIRS)('%s → %s: %s', (from, to, allowed) => {
    expect(canTransition(from, to)).toBe(allowed);
  });

  it('never allows staying put', () => {
    for (const status of DELIVERY_STATUSES) expect(canTransition(status, status)).toBe(false);
  });

  it('lets nothing leave a terminal status', () => {
    for (const from of TERMINAL) {
      for (const to of DELIVERY_STATUSES) expect(canTransition(from, to)).toBe(false);
    }
  });

  it('cancels only what is cancellable and fails only what has a driver', () => {
    for (const from of DELIVERY_STATUSES) {
      expect(canTransition(from, 'cancelled')).toBe(isCancellable(from));
      expect(canTransition(from, 'failed')).toBe(isInProgress(from));
    }
  });

  it('allows every step of both normal flows', () => {
    for (const from of DELIVERY_STATUSES) {
      const live = nextLiveStatus(from);
      const test = nextTestStatus(from);
      if (live) expect(canTransition(from, live)).toBe(true);
      if (test) expect(canTransition(from, test)).toBe(true);
    }
  });
});

function chain(next: (from: DeliveryStatus) => DeliveryStatus | undefined): DeliveryStatus[] {
  const steps: DeliveryStatus[] = ['created'];
  for (let status = next('created'); status; status = next(status)) steps.push(status);
  return steps;
}

describe('next status', () => {
  it('walks the live flow through driver_at_pickup', () => {
    expect(chain(nextLiveStatus)).toEqual(['created', 'pending', 'driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit', 'delivered']);
  });

  it('walks the test flow without driver_at_pickup', () => {
    expect(chain(nextTestStatus)).toEqual(['created', 'pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']);
  });

  it('continues a test delivery a helper moved to driver_at_pickup', () => {
    expect(nextTestStatus('driver_at_pickup')).toBe('picked_up');
  });

  it.each<DeliveryStatus>(['delivered', 'cancelled', 'failed', 'returned'])('has no step after %s', (status) => {
    expect(nextLiveStatus(status)).toBeUndefined();
    expect(nextTestStatus(status)).toBeUndefined();
  });
});

describe('eventTypeFor', () => {
  it.each<[DeliveryStatus, string | undefined]>([
    ['created', 'delivery.created'],
    ['pending', undefined],
    ['driver_assigned', 'delivery.driver_assigned'],
    ['driver_at_pickup', undefined],
    ['picked_up', 'delivery.picked_up'],
    ['in_transit', 'delivery.in_transit'],
    ['delivered', 'delivery.delivered'],
    ['cancelled', 'delivery.cancelled'],
    ['failed', 'delivery.failed'],
    ['returned', 'delivery.returned'],
  ])('%s → %s', (status, type) => {
    expect(eventTypeFor(status)).toBe(type);
  });
});

describe('cancelOutcome (decisions.md)', () => {
  it.each<[DeliveryStatus, CancelOutcome]>([
    ['created', 'cancel'],
    ['pending', 'cancel'],
    ['driver_assigned', 'in_progress'],
    ['driver_at_pickup', 'in_progress'],
    ['picked_up', 'in_progress'],
    ['in_transit', 'in_progress'],
    ['delivered', 'not_cancellable'],
    ['cancelled', 'already_cancelled'],
    ['failed', 'not_cancellable'],
    ['returned', 'not_cancellable'],
  ])('%s → %s', (status, outcome) => {
    expect(cancelOutcome(status)).toBe(outcome);
  });

  it('offers to cancel exactly where the transition to cancelled is allowed', () => {
    for (const status of DELIVERY_STATUSES) {
      expect(cancelOutcome(status) === 'cancel').toBe(canTransition(status, 'cancelled'));
    }
  });
});
