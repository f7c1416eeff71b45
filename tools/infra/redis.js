'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { LOOPBACK } = require('./ports');
const { commandIncludes, isAlive, messageOf, terminate, waitUntil } = require('./processes');
const server = require('./server');
const { ensureDebianCommand } = require('./debian-package');

/**
 * @typedef {import('./server').Log} Log
 * @typedef {import('./server').ServerHandle} ServerHandle
 * @typedef {{ dataDir: string, appendOnly?: boolean, port?: number, log?: Log }} StartRedisOptions
 * @typedef {{ running: false } | { running: true, pid: number, port: number, url: string, answering: boolean }} RedisStatus
 */

const DEFAULT_PORT = 63790;
const START_TIMEOUT_MS = 15_000;

/** @param {number} port */
function redisUrl(port) {
  return `redis://${LOOPBACK}:${port}`;
}

/**
 * Resolves once PING answers PONG on `url`; a single attempt, no reconnects.
 * @param {string} url
 * @param {number} [timeoutMs]
 */
async function pingRedis(url, timeoutMs = 5_000) {
  const { Redis } = require('ioredis');
  // The apps trust REDIS_TLS_CA_FILE for rediss:// (libs/common createRedis): the start-up check must too.
  const caFile = process.env.REDIS_TLS_CA_FILE;
  const tls = caFile && /^rediss:\/\//i.test(url) ? { tls: { ca: fs.readFileSync(caFile, 'utf8') } } : {};
  const client = new Redis(url, {
    ...tls,
    lazyConnect: true,
    connectTimeout: timeoutMs,
    commandTimeout: timeoutMs,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  // The socket error (e.g. ECONNREFUSED) says more than the rejection
  // ("Connection is closed."), and listening stops ioredis printing it.
  /** @type {Error | null} */
  let socketError = null;
  client.on('error', (/** @type {Error} */ error) => (socketError = error));
  try {
    await client.connect();
    const reply = await client.ping();
    if (reply !== 'PONG') throw new Error(`PING answered ${reply}`);
  } catch (error) {
    throw socketError ?? error;
  } finally {
    client.disconnect();
  }
}

/**
 * redis-server from PATH, installed with apt-get first when we are root on
 * Debian. A distro service the package may autostart is left alone: we run
 * our own process on our own port.
 * @param {Log} log
 * @returns {Promise<string>}
 */
function redisServerBinary(log) {
  return ensureDebianCommand({ command: 'redis-server', otherwise: 'set REDIS_URL', log });
}

/**
 * The server a previous run left for `dataDir`, per its state file. A stale
 * state file (process gone) is removed.
 * @param {string} dataDir
 * @returns {{ pid: number, port: number } | null}
 */
function findRedis(dataDir) {
  const stateFile = server.filesFor(dataDir).state;
  const state = server.readState(stateFile);
  if (!state) return null;
  if (isAlive(state.pid) && commandIncludes(state.pid, 'redis')) return { pid: state.pid, port: state.port };
  server.removeFile(stateFile);
  return null;
}

/**
 * @param {string} dataDir
 * @returns {Promise<{ pid: number, port: number } | null>}
 */
async function findReusable(dataDir) {
  const running = findRedis(dataDir);
  if (!running) return null;
  const url = redisUrl(running.port);
  const answers = await waitUntil(() => pingRedis(url, 1_000).then(() => true, () => false), START_TIMEOUT_MS, 500);
  if (!answers) throw new Error(`${dataDir} is in use by redis-server pid ${running.pid}, which does not answer on port ${running.port}`);
  return running;
}

/**
 * @param {string} command
 * @param {string} dataDir
 * @param {boolean} appendOnly
 * @param {number} preferredPort
 */
async function launch(command, dataDir, appendOnly, preferredPort) {
  const logPath = path.join(dataDir, 'redis.log');
  const started = await server.launchServer({
    command,
    args: (port) => [
      '--port', String(port),
      '--bind', LOOPBACK,
      '--dir', dataDir,
      '--appendonly', appendOnly ? 'yes' : 'no',
      // A delayed job (timeline step, webhook retry) wakes its worker through a
      // blocking command's timeout, which Redis checks hz times a second: at the
      // default 10 a step fired up to 100 ms late (p50 42 ms), at 100 up to ~12 ms.
      '--hz', '100',
      '--save', '',
      '--daemonize', 'no',
      '--protected-mode', 'yes',
      '--pidfile', path.join(dataDir, 'redis.pid'),
      '--logfile', logPath,
    ],
    preferredPort,
    logPath,
    probe: (port) => pingRedis(redisUrl(port), 1_000),
    timeoutMs: START_TIMEOUT_MS,
    spawnOptions: { cwd: dataDir },
  });
  server.writeState(server.filesFor(dataDir).state, { ...started, url: redisUrl(started.port) });
  return started;
}

/**
 * SIGTERM lets Redis flush the append-only file before it exits.
 * @param {string} dataDir
 * @param {number} pid
 */
async function stopRedisProcess(dataDir, pid) {
  await terminate(pid, { signal: 'SIGTERM', timeoutMs: 10_000 });
  server.removeFile(server.filesFor(dataDir).state);
}

/** @param {string} url */
async function useExternal(url) {
  try {
    await pingRedis(url);
  } catch (error) {
    throw new Error(`Cannot connect to REDIS_URL ${server.redact(url)}: ${server.oneLine(messageOf(error))}`);
  }
  return server.externalHandle(url);
}

/**
 * Starts (or reuses) a local redis-server for `dataDir`, or checks and
 * returns REDIS_URL when that is set.
 * @param {StartRedisOptions} options
 * @returns {Promise<ServerHandle>}
 */
async function startRedis({ dataDir, appendOnly = true, port = DEFAULT_PORT, log = server.defaultLog }) {
  if (process.env.REDIS_URL) return useExternal(process.env.REDIS_URL);
  if (!dataDir) throw new Error('Cannot start Redis: no dataDir given');
  const command = await redisServerBinary(log);
  const dir = path.resolve(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  let running;
  try {
    running = await server.withLock(server.filesFor(dir).lock, async () => {
      const reusable = await findReusable(dir);
      return reusable ? { ...reusable, reused: true } : { ...(await launch(command, dir, appendOnly, port)), reused: false };
    });
  } catch (error) {
    throw new Error(`Cannot start Redis: ${server.oneLine(messageOf(error))}`);
  }
  const { pid, reused } = running;
  log(`Redis: ${reused ? 'reusing the server already running' : 'started'} on port ${running.port} (pid ${pid}, data ${dir})`);
  return server.serverHandle({
    url: redisUrl(running.port),
    port: running.port,
    pid,
    reused,
    stopServer: () => stopRedisProcess(dir, pid),
  });
}

/**
 * @param {{ dataDir: string }} options
 * @returns {Promise<RedisStatus>}
 */
async function redisStatus({ dataDir }) {
  const running = findRedis(path.resolve(dataDir));
  if (!running) return { running: false };
  const url = redisUrl(running.port);
  const answering = await pingRedis(url, 1_000).then(() => true, () => false);
  return { running: true, ...running, url, answering };
}

/**
 * Stops the server running for `dataDir`, whoever started it.
 * @param {{ dataDir: string }} options
 * @returns {Promise<boolean>} whether a server was running
 */
async function stopRedis({ dataDir }) {
  const dir = path.resolve(dataDir);
  const running = findRedis(dir);
  if (running) await stopRedisProcess(dir, running.pid);
  return running !== null;
}

module.exports = { startRedis, redisStatus, stopRedis, pingRedis, redisUrl };
