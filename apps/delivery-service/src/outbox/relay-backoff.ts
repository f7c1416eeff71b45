import { doublingDelayMs } from '@sdd/common';

/** The first wait after a failed hand-off; each further failure doubles it. */
export const RELAY_BACKOFF_BASE_MS = 500;
/**
 * Never longer than this: the relay never gives up, and a subscriber back
 * from an outage should get its backlog within seconds, not minutes.
 */
export const RELAY_BACKOFF_MAX_MS = 10_000;

/** How long a subscriber's lane rests after `failures` hand-offs in a row failed (1, 2, …). */
export function relayBackoffMs(failures: number): number {
  if (!Number.isInteger(failures) || failures < 1) throw new RangeError(`failures must be a whole number from 1, got ${failures}`);
  return doublingDelayMs(failures - 1, RELAY_BACKOFF_BASE_MS, RELAY_BACKOFF_MAX_MS);
}
