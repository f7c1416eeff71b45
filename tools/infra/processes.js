'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { once } = require('node:events');
const { spawn } = require('node:child_process');

/**
 * @typedef {{ code: number | null, signal: NodeJS.Signals | null, error?: Error }} ExitStatus
 * @typedef {{ name: string, child: import('node:child_process').ChildProcess, exited: Promise<ExitStatus> }} ManagedProcess
 * @typedef {{
 *   signal: NodeJS.Signals | null,
 *   promise: Promise<NodeJS.Signals>,
 *   track(child: import('node:child_process').ChildProcess): void,
 * }} StopSignals
 */

/**
 * The message of anything thrown.
 * @param {unknown} error
 */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

/** @param {number} ms */
function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Resolves true if `promise` settles within `ms`, false otherwise; the timer
 * is cleared either way so it never holds the process open.
 * @param {Promise<unknown>} promise
 * @param {number} ms
 * @returns {Promise<boolean>}
 */
async function settlesWithin(promise, ms) {
  let timer;
  const expired = new Promise((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      expired,
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Polls `check` until it returns true or `timeoutMs` passes.
 * @param {() => Promise<boolean> | boolean} check
 * @param {number} timeoutMs
 * @param {number} [intervalMs]
 * @returns {Promise<boolean>}
 */
async function waitUntil(check, timeoutMs, intervalMs = 200) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() >= deadline) return false;
    await sleep(intervalMs);
  }
}

/** @param {number} pid */
function isZombie(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/**
 * A zombie counts as dead: in containers PID 1 often does not reap orphans,
 * so a stopped server can linger as a zombie forever.
 * @param {number} pid
 */
function isAlive(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM';
  }
  return !isZombie(pid);
}

/**
 * Guards against PID reuse: after a reboot or container restart the PID in an
 * old state file may belong to an unrelated process. Where /proc is missing
 * (macOS) the check cannot be made and the PID is trusted.
 * @param {number} pid
 * @param {string} text
 */
function commandIncludes(pid, text) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(text);
  } catch {
    return !fs.existsSync('/proc/self');
  }
}

/**
 * @param {number} pid
 * @param {NodeJS.Signals} signal
 * @param {boolean} [group] signal the whole process group led by `pid`
 */
function sendSignal(pid, signal, group = false) {
  try {
    process.kill(group ? -pid : pid, signal);
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ESRCH') throw error;
  }
}

/**
 * Sends `signal`, waits for the process to die, and escalates to `killSignal`
 * after `timeoutMs`. Works for processes that are not our children.
 * @param {number} pid
 * @param {{ signal?: NodeJS.Signals, timeoutMs?: number, killSignal?: NodeJS.Signals }} [options]
 */
async function terminate(pid, { signal = 'SIGTERM', timeoutMs = 10_000, killSignal = 'SIGKILL' } = {}) {
  sendSignal(pid, signal);
  if (await waitUntil(() => !isAlive(pid), timeoutMs, 100)) return;
  sendSignal(pid, killSignal);
  await waitUntil(() => !isAlive(pid), 5_000, 100);
}

/** @param {ExitStatus} status */
function exitCodeOf({ code, signal }) {
  if (code !== null) return code;
  return 128 + (signal ? os.constants.signals[signal] : 0);
}

/** @param {ExitStatus} status */
function describeExit({ code, signal, error }) {
  if (error) return error.message;
  return signal ? `signal ${signal}` : `exit code ${code}`;
}

/**
 * @param {import('node:child_process').ChildProcess} child
 * @returns {Promise<ExitStatus>}
 */
function exitOf(child) {
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
    child.once('error', (error) => resolve({ code: null, signal: null, error }));
  });
}

/**
 * Runs a command with the terminal attached and resolves with its exit code.
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, signals?: StopSignals }} [options]
 * @returns {Promise<number>}
 */
async function run(command, args, { cwd, env, signals } = {}) {
  const child = spawn(command, args, { cwd, env, stdio: 'inherit' });
  signals?.track(child);
  const status = await exitOf(child);
  if (status.error) throw new Error(`Cannot run ${command}: ${status.error.message}`);
  return exitCodeOf(status);
}

/**
 * Runs a command quietly, keeping its output for error messages.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<{ code: number, output: string }>}
 */
async function capture(command, args, { env } = {}) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
  const status = await exitOf(child);
  if (status.error) throw new Error(`Cannot run ${command}: ${status.error.message}`);
  return { code: exitCodeOf(status), output };
}

/**
 * Copies `input` line by line: whole lines keep JSON logs parseable even when
 * several processes share the terminal.
 * @param {import('node:stream').Readable} input
 * @param {NodeJS.WriteStream} output
 * @param {string} prefix
 * @param {number} logFd
 */
function forwardLines(input, output, prefix, logFd) {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    output.write(`${prefix}${line}\n`);
    // Synchronous so nothing is lost when we exit right after the child.
    fs.writeSync(logFd, `${line}\n`);
  });
  return once(lines, 'close');
}

/**
 * Starts a process in its own process group (so a Ctrl-C in the terminal
 * reaches only us and we choose the shutdown order). Its output is shown with
 * a `[name]` prefix and appended unprefixed to `logFile`. With `ipc`, a Node
 * child also gets an IPC channel, which closes the moment we die: our apps
 * watch it to never outlive us.
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ cwd?: string, env?: NodeJS.ProcessEnv, logFile: string, ipc?: boolean }} options
 * @returns {ManagedProcess}
 */
function spawnPrefixed(name, command, args, { cwd, env, logFile, ipc = false }) {
  fs.mkdirSync(path.dirname(logFile), { recursive: true });
  const logFd = fs.openSync(logFile, 'a');
  /** @type {import('node:child_process').StdioOptions} */
  const stdio = ipc ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'pipe', 'pipe'];
  const child = spawn(command, args, { cwd, env, detached: true, stdio });
  // The channel is a tripwire for the child only; it must not keep us alive.
  child.channel?.unref();
  const exited = exitOf(child);
  const prefix = `[${name}] `;
  // Both exist: stdio above pipes them.
  const [stdout, stderr] = /** @type {[import('node:stream').Readable, import('node:stream').Readable]} */ ([child.stdout, child.stderr]);
  Promise.all([forwardLines(stdout, process.stdout, prefix, logFd), forwardLines(stderr, process.stderr, prefix, logFd)]).finally(() => fs.closeSync(logFd));
  return { name, child, exited };
}

/** @param {import('node:child_process').ChildProcess} child */
function isRunning(child) {
  return child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/**
 * SIGTERM to every process group, SIGKILL to whatever still runs after `timeoutMs`.
 * @param {ManagedProcess[]} processes
 * @param {number} [timeoutMs]
 */
async function stopProcesses(processes, timeoutMs = 10_000) {
  const running = processes.filter(({ child }) => isRunning(child));
  for (const { child } of running) sendSignal(/** @type {number} */ (child.pid), 'SIGTERM', true);
  const allExited = Promise.all(running.map(({ exited }) => exited));
  if (await settlesWithin(allExited, timeoutMs)) return;
  for (const { child } of running.filter(({ child: c }) => isRunning(c))) {
    sendSignal(/** @type {number} */ (child.pid), 'SIGKILL', true);
  }
  await allExited;
}

/**
 * Turns SIGINT/SIGTERM/SIGHUP into a promise instead of an immediate exit, so
 * callers can clean up. The signal is passed on to the tracked foreground
 * step, which then ends promptly even when the signal did not come from the
 * terminal.
 * @returns {StopSignals}
 */
function watchStopSignals() {
  /** @type {import('node:child_process').ChildProcess | null} */
  let foreground = null;
  /** @type {(signal: NodeJS.Signals) => void} */
  let settle = () => undefined;
  /** @type {StopSignals} */
  const watcher = {
    signal: null,
    promise: new Promise((resolve) => {
      settle = resolve;
    }),
    track(child) {
      foreground = child;
    },
  };
  for (const signal of /** @type {NodeJS.Signals[]} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])) {
    process.on(signal, () => {
      if (watcher.signal) return;
      watcher.signal = signal;
      if (foreground && isRunning(foreground)) foreground.kill(signal);
      settle(signal);
    });
  }
  return watcher;
}

/**
 * Absolute path of `name` on PATH, or null.
 * @param {string} name
 */
function which(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter).filter(Boolean)) {
    const candidate = path.join(dir, name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not in this PATH entry.
    }
  }
  return null;
}

module.exports = {
  messageOf,
  sleep,
  settlesWithin,
  waitUntil,
  isAlive,
  commandIncludes,
  sendSignal,
  terminate,
  exitCodeOf,
  describeExit,
  exitOf,
  isRunning,
  run,
  capture,
  spawnPrefixed,
  stopProcesses,
  watchStopSignals,
  which,
};
