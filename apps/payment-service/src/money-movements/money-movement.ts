import { MoneyMovementKind, PayoutStatus, RefundStatus } from '@sdd/contracts';
import { DoublingBackoff, doublingDelayMs } from '@sdd/common';

export type MovementKind = MoneyMovementKind;

/**
 * The processor's idempotency key of a delivery's movement: derived from the
 * delivery id alone, so however often the movement is tried (an event
 * delivered twice, a crash between the call and its bookkeeping) the
 * processor makes it once.
 */
export function movementIdempotencyKey(kind: MovementKind, deliveryId: string): string {
  return `${kind}:${deliveryId}`;
}

/** A movement the processor could not make is tried again after 5 s, doubling, at most 10 minutes apart. */
const MOVEMENT_RETRY: DoublingBackoff = { firstMs: 5_000, maxMs: 600_000 };

/** When a movement is tried again after `attempts` tries (1, 2, …). */
export function movementRetryDelayMs(attempts: number): number {
  return doublingDelayMs(Math.max(0, attempts - 1), MOVEMENT_RETRY.firstMs, MOVEMENT_RETRY.maxMs);
}

/**
 * The key of one round of tries: an operator's retry starts a new round. The
 * processor keeps a refusal under its key and answers it again, so a round
 * after a refusal needs a key of its own; it cannot make the movement twice,
 * since a movement is failed (and retried) only after the processor refused it.
 */
export function keyOfRound(key: string, { retries }: { retries: number }): string {
  return retries === 0 ? key : `${key}:retry-${retries}`;
}

/** The processor's idempotency key of the one refund a checkout no delivery used may get. */
export function checkoutRefundIdempotencyKey(checkoutId: string): string {
  return `refund:checkout:${checkoutId}`;
}

/** A movement's status as a refund says it: `paid` is the processor having made it. */
export function refundStatusOf(status: PayoutStatus): RefundStatus {
  return status === 'paid' ? 'succeeded' : status;
}
