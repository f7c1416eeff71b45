'use strict';

const crypto = require('node:crypto');
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

/**
 * The user of a local Redis, named after its password so that each copy's is
 * its own. A password alone would not do: ioredis ignores a refused AUTH when
 * the server's default user needs none (it only warns), so apps given a
 * password would still work on another copy's password-less Redis; AUTH with
 * a user the server does not have is refused.
 * @param {string} password
 */
function redisUser(password) {
  return `sdd_${crypto.createHash('sha256').update(password).digest('hex').slice(0, 12)}`;
}

/**
 * @param {number} port
 * @param {string} [password] generated for the data directory; none for a server without one
 */
function redisUrl(port, password) {
  const credentials = password ? `${redisUser(password)}:${encodeURIComponent(password)}@` : '';
  return `redis://${credentials}${LOOPBACK}:${port}`;
}

/** @param {string} password */
function aclRules(password) {
  return ['on', `>${password}`, '~*', '&*', '+@all'];
}

/**
 * Our user, and the default one off: a client without credentials gets
 * nothing. The default user keeps its command rights all the same: Redis
 * replays the append-only file as that user, and checks its rights again at
 * each EXEC, so with none every MULTI/EXEC (a Lua script's writes, all of
 * BullMQ's) was dropped on a restart while plain writes came back.
 * The password goes to redis-server in a config file only we can
 * read, not on its command line, which every local user can see.
 * @param {string} dataDir
 * @param {string} password
 */
function writeConfig(dataDir, password) {
  const file = path.join(dataDir, 'redis.conf');
  fs.writeFileSync(file, `user default off ~* &* +@all\nuser ${redisUser(password)} ${aclRules(password).join(' ')}\n`, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  return file;
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
 * A server started for `dataDir` before servers had passwords gets its
 * password now.
 * @param {number} port
 * @param {string} password
 * @param {Log} log
 */
async function adoptPassword(port, password, log) {
  const { Redis } = require('ioredis');
  const client = new Redis(redisUrl(port), { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.call('ACL', 'SETUSER', redisUser(password), ...aclRules(password));
    await client.call('ACL', 'SETUSER', 'default', 'off');
    log('Redis: the running server had no password; it has a user of its own with the generated one now');
  } finally {
    client.disconnect();
  }
}

/**
 * @param {string} dataDir
 * @param {string} password
 * @param {Log} log
 * @returns {Promise<{ pid: number, port: number } | null>}
 */
async function findReusable(dataDir, password, log) {
  const running = findRedis(dataDir);
  if (!running) return null;
  const url = redisUrl(running.port, password);
  // Refused, but answering without credentials: started before servers had passwords.
  const legacy = () =>
    pingRedis(redisUrl(running.port), 1_000)
      .then(() => adoptPassword(running.port, password, log))
      .then(
        () => true,
        () => false,
      );
  const answers = await waitUntil(() => pingRedis(url, 1_000).then(() => true, legacy), START_TIMEOUT_MS, 500);
  if (!answers) throw new Error(`${dataDir} is in use by redis-server pid ${running.pid}, which does not answer on port ${running.port}`);
  return running;
}

/**
 * @param {string} command
 * @param {string} dataDir
 * @param {boolean} appendOnly
 * @param {number} preferredPort
 * @param {string} password
 * @param {boolean} [fixedPort] a restart: that port or none
 */
async function launch(command, dataDir, appendOnly, preferredPort, password, fixedPort = false) {
  const logPath = path.join(dataDir, 'redis.log');
  const config = writeConfig(dataDir, password);
  const started = await server.launchServer({
    command,
    args: (port) => [
      config,
      '--port',
      String(port),
      '--bind',
      LOOPBACK,
      '--dir',
      dataDir,
      '--appendonly',
      appendOnly ? 'yes' : 'no',
      // A delayed job (timeline step, webhook retry) wakes its worker through a
      // blocking command's timeout, which Redis checks hz times a second: at the
      // default 10 a step fired up to 100 ms late (p50 42 ms), at 100 up to ~12 ms.
      '--hz',
      '100',
      '--save',
      '',
      '--daemonize',
      'no',
      '--protected-mode',
      'yes',
      '--pidfile',
      path.join(dataDir, 'redis.pid'),
      '--logfile',
      logPath,
    ],
    preferredPort,
    fixedPort,
    logPath,
    probe: (port) => pingRedis(redisUrl(port, password), 1_000),
    timeoutMs: START_TIMEOUT_MS,
    spawnOptions: { cwd: dataDir },
  });
  server.writeState(server.filesFor(dataDir).state, { ...started, url: redisUrl(started.port, password) });
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
  const { password } = server.serverPassword(dir);
  let running;
  try {
    running = await server.withLock(server.filesFor(dir).lock, async () => {
      const reusable = await findReusable(dir, password, log);
      /** @type {{ pid: number, port: number, exited?: Promise<import('./processes').ExitStatus>, reused: boolean }} */
      const found = reusable ? { ...reusable, reused: true } : { ...(await launch(command, dir, appendOnly, port, password)), reused: false };
      return found;
    });
  } catch (error) {
    throw new Error(`Cannot start Redis: ${server.oneLine(messageOf(error))}`);
  }
  const { pid, reused } = running;
  const serverPort = running.port;
  log(`Redis: ${reused ? 'reusing the server already running' : 'started'} on port ${running.port} (pid ${pid}, data ${dir})`);
  /** Started again after it died: same port, and the append-only file (if on) brings its data back. */
  const relaunch = () =>
    server.withLock(server.filesFor(dir).lock, async () => {
      if (findRedis(dir)) throw new Error(`${dir} is in use by another redis-server`);
      return launch(command, dir, appendOnly, serverPort, password, true);
    });
  return server.serverHandle({
    url: redisUrl(serverPort, password),
    port: serverPort,
    pid,
    reused,
    exited: running.exited,
    stopServer: (current) => stopRedisProcess(dir, current),
    relaunch: reused ? undefined : relaunch,
  });
}

/**
 * @param {{ dataDir: string }} options
 * @returns {Promise<RedisStatus>}
 */
async function redisStatus({ dataDir }) {
  const dir = path.resolve(dataDir);
  const running = findRedis(dir);
  if (!running) return { running: false };
  const url = redisUrl(running.port, server.serverPassword(dir).password);
  const answering = await pingRedis(url, 1_000).then(
    () => true,
    () => false,
  );
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

/**
 * The URL a Redis for `dataDir` will have on `port`, password included
 * (generated now if the directory has none yet), for a caller that hands it
 * out before the server runs.
 * @param {{ dataDir: string, port: number }} options
 */
function localRedisUrl({ dataDir, port }) {
  const dir = path.resolve(dataDir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  return redisUrl(port, server.serverPassword(dir).password);
}

module.exports = { startRedis, redisStatus, stopRedis, pingRedis, redisUrl, localRedisUrl, redisUser, aclRules, redisServerBinary };
