'use strict';

const { crashesInARow, restartDelayMs } = require('./backoff');
const { describeExit, messageOf } = require('./processes');

/**
 * @typedef {import('./server').ServerHandle} ServerHandle
 * @typedef {import('./processes').ExitStatus} ExitStatus
 * @typedef {{ halt(): void, done: Promise<void> }} SupervisedServer
 */

/** @param {number} ms */
function formatSeconds(ms) {
  return `${Math.round(ms / 100) / 10} s`;
}

/**
 * Whether `handle` is a server this process started and can start again:
 * never one it merely reused or was given by URL, which belong to someone else.
 * @param {ServerHandle} handle
 */
function canSupervise(handle) {
  return !handle.reused && !handle.external && handle.exited !== undefined && handle.relaunch !== undefined;
}

/**
 * Keeps a server this process started running, as Kubernetes restarts a
 * database's pod: an exit nobody asked for is logged with its signal or code
 * and the server is started again on the same port with the same data, after
 * the delays apps get (backoff.js); a restart that fails counts as one more
 * crash in a row. The apps reconnect by themselves. `halt()` ends the
 * supervision before the caller stops the server; `done` settles once no
 * restart is under way.
 * @param {{
 *   name: string,
 *   handle: ServerHandle,
 *   log: (message: string) => void,
 *   onRestart?: (previousPid: number, pid: number) => void,
 * }} options
 * @returns {SupervisedServer}
 */
function superviseServer({ name, handle, log, onRestart = () => undefined }) {
  if (!canSupervise(handle)) throw new Error(`${name} was not started here: it cannot be supervised`);
  const relaunch = /** @type {() => Promise<void>} */ (handle.relaunch);
  let halted = false;
  /** @type {() => void} */
  let wake = () => undefined;
  const haltedSignal = new Promise((resolve) => {
    wake = () => resolve(undefined);
  });
  /** @param {number} ms */
  const pause = (ms) => {
    /** @type {NodeJS.Timeout | undefined} */
    let timer;
    return Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, ms))), haltedSignal]).finally(() => clearTimeout(timer));
  };

  const done = (async () => {
    let crashes = 0;
    let startedAt = Date.now();
    /** @type {Promise<ExitStatus>} */
    let exited = /** @type {Promise<ExitStatus>} */ (handle.exited);
    for (;;) {
      const status = await Promise.race([exited, haltedSignal]);
      if (halted || !status) return;
      const pid = /** @type {number} */ (handle.pid);
      const uptimeMs = Date.now() - startedAt;
      crashes = crashesInARow(crashes, uptimeMs);
      const delayMs = restartDelayMs(crashes);
      log(
        `${name} (pid ${pid}) exited unexpectedly (${describeExit(status)}) after ${formatSeconds(uptimeMs)}; ` +
          `restarting on port ${handle.port} in ${formatSeconds(delayMs)} (crash ${crashes} in a row)`,
      );
      await pause(delayMs);
      if (halted) return;
      startedAt = Date.now();
      try {
        await relaunch();
        log(`${name} restarted (pid ${handle.pid}, port ${handle.port})`);
        onRestart(pid, /** @type {number} */ (handle.pid));
        exited = /** @type {Promise<ExitStatus>} */ (handle.exited);
      } catch (error) {
        exited = Promise.resolve({ code: null, signal: null, error: new Error(`restart failed: ${messageOf(error)}`) });
      }
    }
  })();

  return {
    halt() {
      halted = true;
      wake();
    },
    done,
  };
}

module.exports = { superviseServer, canSupervise };
