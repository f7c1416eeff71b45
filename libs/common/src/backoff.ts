/** A doubling backoff's bounds: the first wait, and the longest any wait grows to. */
export interface DoublingBackoff {
  firstMs: number;
  maxMs: number;
}

/**
 * The wait before retry number `step` (0 for the first) of a doubling
 * backoff: `firstMs`, then twice as long each time, never above `maxMs`.
 * Every retry schedule of ours (outbox lanes, background tasks, money
 * movements, notifications, supervised restarts, a careful client) is this
 * curve with its own bounds.
 */
export function doublingDelayMs(step: number, firstMs: number, maxMs: number): number {
  if (!Number.isInteger(step) || step < 0) throw new RangeError(`step must be a whole number from 0, got ${step}`);
  // Beyond 2 ** 30 only "the maximum" matters; the cap keeps the arithmetic finite.
  return Math.min(maxMs, firstMs * 2 ** Math.min(step, 30));
}
