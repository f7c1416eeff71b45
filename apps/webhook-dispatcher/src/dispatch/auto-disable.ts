/** Attempts to an endpoint counted for auto-disable are those of the last 24 hours. */
export const AUTO_DISABLE_WINDOW_MS = 24 * 3600 * 1000;
/** Below this many attempts in the window a few failures say too little to switch an endpoint off. */
export const AUTO_DISABLE_MIN_ATTEMPTS = 10;
/** An endpoint is disabled when strictly more than this share of its attempts failed. */
export const AUTO_DISABLE_FAILURE_RATIO = 0.9;

/**
 * Whether an endpoint's attempts over the window fail so consistently that
 * sending on would only pile up retries. Strictly above the ratio, so an
 * endpoint that gets one in ten through stays on. At the boundary the division
 * is exact enough: 9k / 10k rounds to the very double the literal 0.9 is.
 */
export function shouldAutoDisable(stats: { attempts: number; failures: number }): boolean {
  return stats.attempts >= AUTO_DISABLE_MIN_ATTEMPTS && stats.failures / stats.attempts > AUTO_DISABLE_FAILURE_RATIO;
}
