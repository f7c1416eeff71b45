'use strict';

const { crashesInARow, restartDelayMs } = require('./backoff');
const { describeExit } = require('./processes');

/**
 * @typedef {import('./processes').ManagedProcess} ManagedProcess
 * @typedef {import('./processes').ExitStatus} ExitStatus
 * @typedef {{
 *   name: string,
 *   current(): ManagedProcess,
 *   firstExit: Promise<{ kind: 'exited', name: string, status: ExitStatus }>,
 *   keepRunning(): void,
 *   halt(): void,
 *   done: Promise<void>,
 * }} Supervised
 */

/** @param {number} ms */
function formatSeconds(ms) {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * Runs one app the way Kubernetes runs a container: once `keepRunning()` is
 * called, an exit that nobody asked for is logged with its code or signal
 * and the app is started again after a growing delay (see backoff.js),
 * leaving the other apps alone. Before that (while the system starts) an
 * exit only resolves `firstExit`, so a broken build fails fast. `halt()`
 * ends the supervision (the caller then stops the process); `done` settles
 * once no restart is pending.
 * @param {{
 *   name: string,
 *   spawn: () => ManagedProcess,
 *   log: (message: string) => void,
 *   onExit?: (process: ManagedProcess) => void,
 * }} options
 * @returns {Supervised}
 */
function supervise({ name, spawn, log, onExit = () => undefined }) {
  let current = spawn();
  let restarting = false;
  let halted = false;
  /** @type {() => void} */
  let wake = () => undefined;
  const firstExit = current.exited.then((status) => ({ kind: /** @type {const} */ ('exited'), name, status }));

  /** @param {number} ms */
  const pause = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve(undefined);
      };
    });

  const done = (async () => {
    let crashes = 0;
    for (;;) {
      const startedAt = Date.now();
      const status = await current.exited;
      onExit(current);
      if (halted || !restarting) return;
      const uptimeMs = Date.now() - startedAt;
      crashes = crashesInARow(crashes, uptimeMs);
      const delayMs = restartDelayMs(crashes);
      log(
        `${name} (pid ${current.child.pid}) exited unexpectedly (${describeExit(status)}) after ${formatSeconds(uptimeMs)}; ` +
          `restarting in ${formatSeconds(delayMs)} (crash ${crashes} in a row)`,
      );
      await pause(delayMs);
      if (halted) return;
      current = spawn();
    }
  })();

  return {
    name,
    current: () => current,
    firstExit,
    keepRunning() {
      restarting = true;
    },
    halt() {
      halted = true;
      wake();
    },
    done,
  };
}

module.exports = { supervise };
