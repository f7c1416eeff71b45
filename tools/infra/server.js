'use strict';

const crypto = require('node:crypto');
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { findFreePort } = require('./ports');
const { exitOf, isAlive, sleep, terminate } = require('./processes');

/**
 * @typedef {(message: string) => void} Log
 * @typedef {{ pid: number, port: number, url: string, startedAt: string }} ServerState
 * @typedef {{ force?: boolean }} StopOptions
 * @typedef {import('./processes').ExitStatus} ExitStatus
 * @typedef {{
 *   url: string,
 *   port?: number,
 *   pid?: number,
 *   reused: boolean,
 *   external: boolean,
 *   exited?: Promise<ExitStatus>,
 *   relaunch?: () => Promise<void>,
 *   stop(options?: StopOptions): Promise<void>,
 * }} ServerHandle
 */

const LOCK_TIMEOUT_MS = 120_000;

/**
 * Progress goes to stderr so that stdout stays clean for callers that print a URL.
 * @type {Log}
 */
function defaultLog(message) {
  process.stderr.write(`${message}\n`);
}

/**
 * Bookkeeping files live beside the data directory, named after it
 * (`.data/pg` → `.data/pg.json`, `.data/pg.lock`, `.data/pg.log`), so that the
 * data directory itself holds only what the server owns.
 * @param {string} dataDir absolute
 */
function filesFor(dataDir) {
  return { state: `${dataDir}.json`, lock: `${dataDir}.lock`, log: `${dataDir}.log`, password: `${dataDir}.password` };
}

/**
 * The password of the server kept in `dataDir`: generated the first time
 * (mode 0600, beside the data directory) and read back every time after, so
 * only this copy of the project can log in to its servers. Hex, so it needs
 * no escaping in a URL or a config file.
 * @param {string} dataDir absolute
 * @returns {{ password: string, created: boolean }}
 */
function serverPassword(dataDir) {
  const file = filesFor(dataDir).password;
  let created = true;
  try {
    fs.writeFileSync(file, `${crypto.randomBytes(24).toString('hex')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    created = false;
  }
  const password = fs.readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{32,}$/.test(password)) throw new Error(`${file} does not hold a generated password: delete it to generate a new one`);
  return { password, created };
}

/**
 * @param {string} file
 * @returns {ServerState | null}
 */
function readState(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {string} file
 * @param {Omit<ServerState, 'startedAt'>} state
 */
function writeState(file, { pid, port, url }) {
  // The password stays in its own file.
  fs.writeFileSync(file, `${JSON.stringify({ pid, port, url: redact(url), startedAt: new Date().toISOString() }, null, 2)}\n`);
}

/** @param {string} file */
function removeFile(file) {
  fs.rmSync(file, { force: true });
}

/** @param {string} file */
function tryCreateLock(file) {
  try {
    fs.writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
    return false;
  }
}

/**
 * Serialises "is it running? if not, start it" between processes sharing a
 * data directory, e.g. two `npm start` launched at once.
 * @template T
 * @param {string} file
 * @param {() => Promise<T>} action
 * @returns {Promise<T>}
 */
async function withLock(file, action) {
  const deadline = Date.now() + LOCK_TIMEOUT_MS;
  while (!tryCreateLock(file)) {
    // Unreadable or empty: the holder is between creating and writing the file.
    const holder = Number(readFrom(file, 0)) || null;
    if (holder !== null && !isAlive(holder)) removeFile(file);
    else if (Date.now() > deadline) throw new Error(`${file} is held by process ${holder}`);
    else await sleep(200);
  }
  try {
    return await action();
  } finally {
    removeFile(file);
  }
}

/**
 * Reduces multi-line tool output to its most telling line: the last one that
 * reports an error, else the last line.
 * @param {string} text
 */
function oneLine(text) {
  const lines = String(text)
    .split(/\r?\n/)
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const errors = lines.filter((line) => /\b(fatal|panic|error|failed)\b/i.test(line));
  return errors.at(-1) ?? lines.at(-1) ?? '';
}

/**
 * @param {string} file
 * @param {number} offset
 */
function readFrom(file, offset) {
  try {
    return fs.readFileSync(file).subarray(offset).toString('utf8');
  } catch {
    return '';
  }
}

/**
 * @typedef {{
 *   command: string,
 *   args: (port: number) => string[],
 *   preferredPort?: number,
 *   logPath: string,
 *   probe: (port: number) => Promise<unknown>,
 *   timeoutMs: number,
 *   spawnOptions?: import('node:child_process').SpawnOptions,
 *   fixedPort?: boolean,
 * }} LaunchOptions
 */

/**
 * Starts the server detached with its output in a file: it must survive us
 * (a later run may reuse it) and must not be hit by a Ctrl-C meant for us.
 * @param {LaunchOptions} options
 * @param {number} port
 * @returns {Promise<{ pid: number, exited: Promise<ExitStatus> }>} once `probe` succeeds: the server's pid, and its exit
 */
async function spawnUntilReady({ command, args, logPath, probe, timeoutMs, spawnOptions }, port) {
  const logFd = fs.openSync(logPath, 'a');
  const logStart = fs.fstatSync(logFd).size;
  let child;
  try {
    child = spawn(command, args(port), { ...spawnOptions, detached: true, stdio: ['ignore', logFd, logFd] });
  } finally {
    fs.closeSync(logFd);
  }
  /** @type {string | null} */
  let failure = null;
  const exited = exitOf(child);
  child.once('error', (error) => (failure = error.message));
  child.once('exit', (code, signal) => (failure = `exited with ${signal ? `signal ${signal}` : `code ${code}`}`));

  const deadline = Date.now() + timeoutMs;
  while (failure === null) {
    if (
      await probe(port).then(
        () => true,
        () => false,
      )
    ) {
      child.unref();
      return { pid: /** @type {number} */ (child.pid), exited };
    }
    if (Date.now() > deadline) {
      if (child.pid) await terminate(child.pid);
      throw new Error(`no answer on port ${port} after ${timeoutMs / 1000} s (log: ${logPath})`);
    }
    await sleep(200);
  }
  const output = readFrom(logPath, logStart);
  const error = new Error(`${oneLine(output) || failure} (log: ${logPath})`);
  if (/address already in use/i.test(output)) Object.assign(error, { code: 'EADDRINUSE' });
  throw error;
}

/**
 * Another process may grab the chosen port between our check and the
 * server's bind; a fresh port is then tried, unless `fixedPort` (a restart:
 * the apps know that port and no other).
 * @param {LaunchOptions} options
 * @returns {Promise<{ pid: number, port: number, exited: Promise<ExitStatus> }>}
 */
async function launchServer(options) {
  for (let attempt = 1; ; attempt += 1) {
    const port = options.fixedPort && options.preferredPort ? options.preferredPort : await findFreePort(attempt === 1 ? options.preferredPort : undefined);
    try {
      return { ...(await spawnUntilReady(options, port)), port };
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EADDRINUSE' || attempt === 3 || options.fixedPort) throw error;
    }
  }
}

/**
 * A reused server belongs to whoever started it, so `stop()` leaves it
 * running unless forced. A server this process started can be started again
 * after it died (`relaunch`, same port and data), which updates `pid` and
 * `exited`.
 * @param {{
 *   url: string,
 *   port: number,
 *   pid: number,
 *   reused: boolean,
 *   exited?: Promise<ExitStatus>,
 *   stopServer: (pid: number) => Promise<void>,
 *   relaunch?: () => Promise<{ pid: number, exited: Promise<ExitStatus> }>,
 * }} server
 * @returns {ServerHandle}
 */
function serverHandle({ url, port, pid, reused, exited, stopServer, relaunch }) {
  let stopped = false;
  /** @type {ServerHandle} */
  const handle = {
    url,
    port,
    pid,
    reused,
    external: false,
    exited,
    async stop({ force = false } = {}) {
      if (stopped || (reused && !force)) return;
      stopped = true;
      await stopServer(/** @type {number} */ (handle.pid));
    },
  };
  if (relaunch) {
    handle.relaunch = async () => {
      if (stopped) throw new Error('the server was stopped');
      Object.assign(handle, await relaunch());
    };
  }
  return handle;
}

/**
 * @param {string} url
 * @returns {ServerHandle}
 */
function externalHandle(url) {
  return { url, reused: false, external: true, stop: async () => undefined };
}

/**
 * Every URL in `text` with its password replaced, for log lines.
 * @param {string} text
 */
function redactUrls(text) {
  return String(text).replace(/\b([a-z][a-z0-9+.-]{0,30}:\/\/[^\s:/@]*:)[^\s/@]+@/gi, '$1***@');
}

/**
 * The URL without its password, for messages.
 * @param {string} url
 */
function redact(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

module.exports = {
  defaultLog,
  filesFor,
  serverPassword,
  redactUrls,
  readState,
  writeState,
  removeFile,
  withLock,
  oneLine,
  launchServer,
  serverHandle,
  externalHandle,
  redact,
};
