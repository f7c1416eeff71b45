/**
 * The deadline of a request sent on the bus: its own timeout from now, but
 * never later than the deadline of the request it is sent for, since nobody
 * waits for an answer after that.
 */
export function requestDeadline(now: number, timeoutMs: number, inherited?: number): number {
  const own = now + timeoutMs;
  return inherited === undefined ? own : Math.min(own, inherited);
}
