import { doublingDelayMs } from '@sdd/common';

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 10_000;

/**
 * How long supervision waits before restarting an app that crashed after
 * `failures` restarts in a row that never became ready: doubling, capped, as
 * Kubernetes backs off a crash-looping pod (there from 10 s to 5 min; here
 * shorter, because a test or drill waits for it).
 */
export function restartDelayMs(failures: number): number {
  return doublingDelayMs(Math.max(0, failures), FIRST_DELAY_MS, MAX_DELAY_MS);
}
