import { DELIVERY_STATUSES, DeliveryStatus, EventType } from '@sdd/contracts';

export const CANCELLABLE: readonly DeliveryStatus[] = ['created', 'pending'];
export const IN_PROGRESS: readonly DeliveryStatus[] = ['driver_assigned', 'driver_at_pickup', 'picked_up', 'in_transit'];
export const TERMINAL: readonly DeliveryStatus[] = ['delivered', 'cancelled', 'failed', 'returned'];

/** Stored statuses and `{"to": …}` bodies arrive as plain strings. */
export function isDeliveryStatus(value: string): value is DeliveryStatus {
  return (DELIVERY_STATUSES as readonly string[]).includes(value);
}

export function isCancellable(status: DeliveryStatus): boolean {
  return CANCELLABLE.includes(status);
}

export function isInProgress(status: DeliveryStatus): boolean {
  return IN_PROGRESS.includes(status);
}

export function isTerminal(status: DeliveryStatus): boolean {
  return TERMINAL.includes(status);
}

/**
 * One step at a time, so every event in between is emitted and a late or
 * replayed timeline job can never jump over a cancellation. driver_at_pickup
 * is optional because the test timeline has no such step. `failed` needs a
 * driver (the recipient was unavailable after the driver's retries), so it is
 * reachable only while a driver holds the package or is on the way to it; a
 * delivery without a driver ends by cancellation instead.
 */
const TRANSITIONS: Readonly<Record<DeliveryStatus, readonly DeliveryStatus[]>> = {
  created: ['pending', 'cancelled'],
  pending: ['driver_assigned', 'cancelled'],
  driver_assigned: ['driver_at_pickup', 'picked_up', 'failed'],
  driver_at_pickup: ['picked_up', 'failed'],
  picked_up: ['in_transit', 'failed', 'returned'],
  in_transit: ['delivered', 'failed', 'returned'],
  delivered: [],
  cancelled: [],
  failed: [],
  returned: [],
};

export function canTransition(from: DeliveryStatus, to: DeliveryStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

const NEXT_LIVE: Readonly<Partial<Record<DeliveryStatus, DeliveryStatus>>> = {
  created: 'pending',
  pending: 'driver_assigned',
  driver_assigned: 'driver_at_pickup',
  driver_at_pickup: 'picked_up',
  picked_up: 'in_transit',
  in_transit: 'delivered',
};

/** The normal flow of a live delivery; undefined once nothing follows. */
export function nextLiveStatus(from: DeliveryStatus): DeliveryStatus | undefined {
  return NEXT_LIVE[from];
}

/**
 * The flow of the test timeline, which has no driver_at_pickup step. A test
 * delivery moved to driver_at_pickup by the helper still advances to picked_up.
 */
export function nextTestStatus(from: DeliveryStatus): DeliveryStatus | undefined {
  return from === 'driver_assigned' ? 'picked_up' : NEXT_LIVE[from];
}

/** The contract lists no event for pending or driver_at_pickup, so moving there emits none. */
const EVENT_FOR: Readonly<Record<DeliveryStatus, EventType | undefined>> = {
  created: EventType.DeliveryCreated,
  pending: undefined,
  driver_assigned: EventType.DeliveryDriverAssigned,
  driver_at_pickup: undefined,
  picked_up: EventType.DeliveryPickedUp,
  in_transit: EventType.DeliveryInTransit,
  delivered: EventType.DeliveryDelivered,
  cancelled: EventType.DeliveryCancelled,
  failed: EventType.DeliveryFailed,
  returned: EventType.DeliveryReturned,
};

export function eventTypeFor(to: DeliveryStatus): EventType | undefined {
  return EVENT_FOR[to];
}

/**
 * What POST /v1/deliveries/{id}/cancel does (decisions.md): `cancel` moves to
 * cancelled (200); `already_cancelled` answers 200 with the same record, so a
 * retried cancel is harmless; `in_progress` is 409 delivery_in_progress;
 * `not_cancellable` is 409 delivery_not_cancellable.
 */
export type CancelOutcome = 'cancel' | 'already_cancelled' | 'in_progress' | 'not_cancellable';

export function cancelOutcome(status: DeliveryStatus): CancelOutcome {
  if (isCancellable(status)) return 'cancel';
  if (status === 'cancelled') return 'already_cancelled';
  if (isInProgress(status)) return 'in_progress';
  return 'not_cancellable';
}

/**
 * The steps from `from` to `to` along the test flow, or undefined when `to`
 * is not ahead. Lets a step that runs late or out of order (several came due
 * together after a restart) bring the delivery up to date, in order, instead
 * of being refused for skipping the steps before it.
 */
export function testPath(from: DeliveryStatus, to: DeliveryStatus): DeliveryStatus[] | undefined {
  const path: DeliveryStatus[] = [];
  for (let at = nextTestStatus(from); at; at = nextTestStatus(at)) {
    path.push(at);
    if (at === to) return path;
  }
  return undefined;
}

/** The steps from `from` to `to`: one allowed step, or (catching up) the test flow's path; undefined when it does not move. */
export function stepsTo(from: DeliveryStatus, to: DeliveryStatus, { catchUp }: { catchUp: boolean }): DeliveryStatus[] | undefined {
  return canTransition(from, to) ? [to] : catchUp ? testPath(from, to) : undefined;
}
