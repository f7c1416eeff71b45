'use strict';

// A tiny Node process tied to `npm start` by an IPC channel. `npm start`
// tells it the pids of what it started; should `npm start` die without
// stopping them (SIGKILL, a crash), the channel closes and the watchdog stops
// them: the apps first (they also watch their parent themselves, this is
// belt and braces), then the servers, which are not Node and cannot watch.

const { spawn } = require('node:child_process');
const { isAlive, sendSignal, waitUntil } = require('./processes');

/**
 * @typedef {{
 *   pid: number,
 *   kind: 'app' | 'server',
 *   signal: NodeJS.Signals,
 *   killSignal: NodeJS.Signals,
 *   group: boolean,
 * }} Watched
 * @typedef {{ type: 'watch', target: Watched } | { type: 'forget', pid: number } | { type: 'release' }} WatchdogMessage
 * @typedef {{
 *   pid: number | undefined,
 *   watch(target: Watched): void,
 *   forget(pid: number): void,
 *   release(): void,
 * }} Watchdog
 */

/** Apps get this long to stop after SIGTERM, servers twice as long. */
const APP_STOP_TIMEOUT_MS = 4_000;
const SERVER_STOP_TIMEOUT_MS = 8_000;

/**
 * Starts the watchdog for the calling process. It runs in its own process
 * group, so a Ctrl-C meant for the caller does not reach it.
 * @returns {Watchdog}
 */
function startWatchdog() {
  const child = spawn(process.execPath, [__filename], { detached: true, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  // Neither the process nor its channel may keep the caller alive.
  child.unref();
  child.channel?.unref();
  child.on('error', (error) => process.stderr.write(`[watchdog] could not start (${error.message}): a SIGKILL of npm start would leave its servers running\n`));
  /** @param {WatchdogMessage} message */
  const send = (message) => {
    if (child.connected) child.send(message);
  };
  return {
    pid: child.pid,
    watch: (target) => send({ type: 'watch', target }),
    forget: (pid) => send({ type: 'forget', pid }),
    release() {
      send({ type: 'release' });
      if (child.connected) child.disconnect();
    },
  };
}

/**
 * @param {Watched[]} targets
 * @param {number} timeoutMs
 */
async function stopAll(targets, timeoutMs) {
  for (const { pid, signal, group } of targets) sendSignal(pid, signal, group);
  const allGone = () => targets.every(({ pid }) => !isAlive(pid));
  if (await waitUntil(allGone, timeoutMs, 100)) return;
  for (const { pid, killSignal, group } of targets.filter(({ pid: p }) => isAlive(p))) sendSignal(pid, killSignal, group);
  await waitUntil(allGone, 3_000, 100);
}

/** The watchdog itself: keeps the list, and acts once the channel closes. */
function runWatchdog() {
  /** @type {Map<number, Watched>} */
  const watched = new Map();
  let released = false;
  // The terminal's signals are for the parent, which stops everything itself.
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGHUP'])) process.on(signal, () => undefined);
  process.on('message', (/** @type {WatchdogMessage} */ message) => {
    if (message.type === 'watch') watched.set(message.target.pid, message.target);
    else if (message.type === 'forget') watched.delete(message.pid);
    else if (message.type === 'release') released = true;
  });
  process.once('disconnect', async () => {
    if (released) process.exit(0);
    const targets = [...watched.values()].filter(({ pid }) => isAlive(pid));
    if (targets.length > 0) {
      process.stderr.write(`[watchdog] npm start died: stopping what it started (pids ${targets.map(({ pid }) => pid).join(', ')})\n`);
    }
    await stopAll(
      targets.filter(({ kind }) => kind === 'app'),
      APP_STOP_TIMEOUT_MS,
    );
    await stopAll(
      targets.filter(({ kind }) => kind === 'server'),
      SERVER_STOP_TIMEOUT_MS,
    );
    process.exit(0);
  });
}

if (require.main === module) runWatchdog();

module.exports = { startWatchdog };
