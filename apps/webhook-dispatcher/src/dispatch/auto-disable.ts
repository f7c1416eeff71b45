/** Defaults of decisions.md (Webhooks, Auto-disable); WEBHOOK_WARN_AFTER_MS and WEBHOOK_DISABLE_AFTER_MS set them. */
export const AUTO_DISABLE_AFTER_MS = 24 * 3600 * 1000;
export const AUTO_DISABLE_WARN_AFTER_MS = 12 * 3600 * 1000;
/** Below this many attempts in the run a few failures say too little to switch an endpoint off. */
export const AUTO_DISABLE_MIN_ATTEMPTS = 10;
/** A run of failures lasts while strictly more than this share of its attempts failed. */
export const AUTO_DISABLE_FAILURE_RATIO = 0.9;

/** An endpoint's current run of failures, as kept on its row (null `failingSince`: none). */
export interface FailingRun {
  failingSince: Date | null;
  attempts: number;
  failures: number;
}

export interface AutoDisableThresholds {
  warnAfterMs: number;
  disableAfterMs: number;
}

/** What to do now: nothing, warn the merchant, or disable the endpoint. */
export type EndpointHealthVerdict = 'healthy' | 'warn' | 'disable';

/**
 * Strictly above the ratio, so an endpoint that gets one in ten through is not
 * failing. At the boundary the division is exact enough: 9k / 10k rounds to
 * the very double the literal 0.9 is.
 */
export function failingRateExceeded(attempts: number, failures: number): boolean {
  return attempts > 0 && failures / attempts > AUTO_DISABLE_FAILURE_RATIO;
}

/**
 * The run after one more attempt. A failure starts a run or extends it; a
 * success extends it only while the run's failure rate stays above 90% (an
 * endpoint that answers one in twenty is still failing), else the run is over
 * and counting starts again at the next failure. So the rate is above 90%
 * throughout every run, and only its length and size decide.
 */
export function nextFailingRun(run: FailingRun, attempt: { succeeded: boolean; at: Date }): FailingRun {
  if (run.failingSince === null) {
    return attempt.succeeded ? run : { failingSince: attempt.at, attempts: 1, failures: 1 };
  }
  const attempts = run.attempts + 1;
  const failures = run.failures + (attempt.succeeded ? 0 : 1);
  if (!failingRateExceeded(attempts, failures)) return { failingSince: null, attempts: 0, failures: 0 };
  return { failingSince: run.failingSince, attempts, failures };
}

/**
 * What a run of failures calls for now: nothing before the warning time (a
 * deploy, an outage of an hour, timeouts in a burst: retries catch up), a
 * warning to the merchant once it has lasted that long, and disabling once it
 * has lasted the full window with enough attempts to be sure. The merchant is
 * told before it happens: a run that reaches the full window unwarned (no
 * attempt came between) is warned first and disabled at its next failure.
 * `warned`: the merchant was warned of this run already.
 */
export function autoDisableVerdict(run: FailingRun, warned: boolean, now: Date, thresholds: AutoDisableThresholds): EndpointHealthVerdict {
  if (run.failingSince === null || !failingRateExceeded(run.attempts, run.failures)) return 'healthy';
  const lasted = now.getTime() - run.failingSince.getTime();
  if (lasted < thresholds.warnAfterMs) return 'healthy';
  if (!warned) return 'warn';
  return lasted >= thresholds.disableAfterMs && run.attempts >= AUTO_DISABLE_MIN_ATTEMPTS ? 'disable' : 'healthy';
}

/** What auto-disable keeps of an endpoint: its run, whether the merchant was warned of it, and whether it is active. */
export interface EndpointHealth {
  run: FailingRun;
  warnedAt: Date | null;
  active: boolean;
}

/**
 * One automatic attempt counted into an endpoint's health: the run moves on
 * (a run that ends takes its warning with it), then the verdict is acted on.
 * `step`: what the merchant must be told of now, if anything.
 */
export function countAttempt(
  health: EndpointHealth,
  attempt: { succeeded: boolean; at: Date },
  thresholds: AutoDisableThresholds,
): { health: EndpointHealth; step: 'warned' | 'disabled' | null } {
  if (!health.active) return { health, step: null };
  const run = nextFailingRun(health.run, attempt);
  const warnedAt = run.failingSince === null ? null : health.warnedAt;
  const verdict = autoDisableVerdict(run, warnedAt !== null, attempt.at, thresholds);
  if (verdict === 'warn') return { health: { run, warnedAt: attempt.at, active: true }, step: 'warned' };
  if (verdict === 'disable') return { health: { run, warnedAt, active: false }, step: 'disabled' };
  return { health: { run, warnedAt, active: true }, step: null };
}
