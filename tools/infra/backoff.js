'use strict';

/**
 * Restart schedule of a supervised app, as Kubernetes' CrashLoopBackOff:
 * the first restart after 1 s, doubling with each crash in a row up to 30 s;
 * an app that stayed up long enough starts the count again.
 */
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
const STABLE_AFTER_MS = 60_000;

/**
 * Wait before restart number `crashes` of a run of crashes (1 for the first).
 * @param {number} crashes
 * @returns {number}
 */
function restartDelayMs(crashes) {
  if (!Number.isInteger(crashes) || crashes < 1) throw new RangeError(`crashes must be an integer >= 1, got ${crashes}`);
  // Capped before the power so a long crash loop cannot overflow.
  return Math.min(FIRST_DELAY_MS * 2 ** Math.min(crashes - 1, 30), MAX_DELAY_MS);
}

/**
 * How many crashes in a row count after one more, given how long the app had
 * been up: a crash after a stable run is the first of a new series.
 * @param {number} previousCrashes
 * @param {number} uptimeMs
 * @returns {number}
 */
function crashesInARow(previousCrashes, uptimeMs) {
  return uptimeMs >= STABLE_AFTER_MS ? 1 : previousCrashes + 1;
}

module.exports = { restartDelayMs, crashesInARow, FIRST_DELAY_MS, MAX_DELAY_MS, STABLE_AFTER_MS };
