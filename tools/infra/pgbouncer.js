'use strict';

const fs = require('node:fs');
const path = require('node:path');
const { LOOPBACK } = require('./ports');
const { commandIncludes, isAlive, messageOf, terminate } = require('./processes');
const server = require('./server');
const { ensureDebianCommand } = require('./debian-package');
const { checkPostgres, runAsIds } = require('./postgres');

/**
 * @typedef {import('./server').Log} Log
 * @typedef {import('./server').ServerHandle} ServerHandle
 * @typedef {{
 *   port: number,
 *   postgresHost: string,
 *   postgresPort: number,
 *   authFile: string,
 *   adminUser: string,
 *   statementTimeoutMs: number,
 *   defaultPoolSize: number,
 *   maxClientConnections: number,
 * }} PgBouncerSettings
 */

/** The Debian package installs it outside a non-root user's PATH. */
const DEBIAN_BINARY = '/usr/sbin/pgbouncer';
const START_TIMEOUT_MS = 15_000;
/** As DB_STATEMENT_TIMEOUT_MS's default (libs/common config.ts): behind the pooler the apps do not send it (see pgBouncerIni). */
const DEFAULT_STATEMENT_TIMEOUT_MS = 2000;
/** Server connections per database and user: every app of a system shares one such pool (docs/postgres-connections.md). */
const DEFAULT_POOL_SIZE = 20;
/** Client connections: every app's pool of every replica, a test's own clients, with room to spare. */
const MAX_CLIENT_CONNECTIONS = 1000;

/**
 * The pooler's configuration: transaction pooling, as managed Postgres
 * offerings put it in front of the database; loopback TCP only (no socket
 * file to collide with another copy's); every database forwarded to the one
 * server, under the client's user and database name. The statement timeout
 * is set on each server connection as it opens (`connect_query`): node-postgres
 * sends statement_timeout as a startup parameter, which PgBouncer refuses
 * (and `ignore_startup_parameters` would drop without a word), so behind
 * the pooler the apps leave it to the pooler (docs/decisions/0017).
 * @param {PgBouncerSettings} settings
 * @returns {string}
 */
function pgBouncerIni({ port, postgresHost, postgresPort, authFile, adminUser, statementTimeoutMs, defaultPoolSize, maxClientConnections }) {
  if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 1) throw new Error(`statementTimeoutMs must be a positive whole number, got ${statementTimeoutMs}`);
  if (!/^[A-Za-z0-9_.-]+$/.test(postgresHost)) throw new Error(`Postgres host "${postgresHost}" cannot be written to pgbouncer.ini`);
  return [
    '[databases]',
    `* = host=${postgresHost} port=${postgresPort} connect_query='SET statement_timeout = ${statementTimeoutMs}'`,
    '',
    '[pgbouncer]',
    `listen_addr = ${LOOPBACK}`,
    `listen_port = ${port}`,
    'unix_socket_dir =',
    'pool_mode = transaction',
    'auth_type = scram-sha-256',
    `auth_file = ${authFile}`,
    `admin_users = ${adminUser}`,
    `default_pool_size = ${defaultPoolSize}`,
    `max_client_conn = ${maxClientConnections}`,
    // Logged to stderr, which goes to the log file beside the data directory.
    'syslog = 0',
    '',
  ].join('\n');
}

/**
 * PgBouncer's auth_file: the user and its password, each in double quotes
 * (a quote inside doubled). With the password in clear, PgBouncer both checks
 * its clients (SCRAM) and logs in to Postgres as that user.
 * @param {string} user
 * @param {string} password
 */
function pgBouncerUserlist(user, password) {
  const quoted = (/** @type {string} */ text) => `"${text.replace(/"/g, '""')}"`;
  return `${quoted(user)} ${quoted(password)}\n`;
}

/**
 * The pooler's URL for a Postgres URL: the same user, password and database,
 * on the pooler's port.
 * @param {string} postgresUrl
 * @param {number} port
 */
function pooledUrl(postgresUrl, port) {
  const url = new URL(postgresUrl);
  url.hostname = LOOPBACK;
  url.port = String(port);
  return url.toString();
}

/** @param {Log} log */
async function pgBouncerBinary(log) {
  if (fs.existsSync(DEBIAN_BINARY)) return DEBIAN_BINARY;
  return ensureDebianCommand({ command: 'pgbouncer', otherwise: 'run without --pgbouncer (or E2E_PG=pgbouncer)', log });
}

/**
 * Files PgBouncer reads, owned by the user it runs as: it refuses to run as
 * root, so under root it runs as the `postgres` user, as Postgres does.
 * @param {string} dir
 * @param {string[]} files
 */
function handOver(dir, files) {
  const { uid, gid } = runAsIds();
  if (uid === undefined || gid === undefined) return;
  for (const file of [dir, ...files]) fs.chownSync(file, uid, gid);
}

/**
 * Stops the pooler a previous run recorded for this directory and left running.
 * @param {string} stateFile
 */
async function stopLeftover(stateFile) {
  const state = server.readState(stateFile);
  if (state && isAlive(state.pid) && commandIncludes(state.pid, 'pgbouncer')) await terminate(state.pid);
  server.removeFile(stateFile);
}

/**
 * PgBouncer (the Debian package, installed with apt-get when we are root)
 * in transaction mode in front of the Postgres at `postgresUrl`, listening on
 * 127.0.0.1:`port` (a free one if taken or not given), its ini and userlist
 * in `dataDir`, its own process. `url` reaches Postgres through it with the
 * same user, password and database. It is started anew each time (a pooler
 * holds no data); one a previous run left for `dataDir` is stopped first.
 * Debian 12's PgBouncer is 1.18: no protocol-level named prepared statements
 * in transaction mode, hence DATABASE_POOL_MODE=transaction in the apps.
 * @param {{ dataDir: string, postgresUrl: string, port?: number, statementTimeoutMs?: number, defaultPoolSize?: number, log?: Log }} options
 * @returns {Promise<ServerHandle & { port: number }>}
 */
async function startPgBouncer({ dataDir, postgresUrl, port, statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS, defaultPoolSize = DEFAULT_POOL_SIZE, log = server.defaultLog }) {
  const command = await pgBouncerBinary(log);
  const dir = path.resolve(dataDir);
  const files = server.filesFor(dir);
  await stopLeftover(files.state);
  fs.mkdirSync(dir, { recursive: true });
  const target = new URL(postgresUrl);
  const user = decodeURIComponent(target.username);
  const authFile = path.join(dir, 'userlist.txt');
  fs.writeFileSync(authFile, pgBouncerUserlist(user, decodeURIComponent(target.password)), { mode: 0o600 });
  fs.chmodSync(authFile, 0o600);
  const iniFile = path.join(dir, 'pgbouncer.ini');
  /** @param {number} at */
  const writeIni = (at) =>
    fs.writeFileSync(
      iniFile,
      pgBouncerIni({
        port: at,
        postgresHost: target.hostname,
        postgresPort: Number(target.port || 5432),
        authFile,
        adminUser: user,
        statementTimeoutMs,
        defaultPoolSize,
        maxClientConnections: MAX_CLIENT_CONNECTIONS,
      }),
    );
  /** @param {number} preferredPort @param {boolean} fixedPort */
  const launch = async (preferredPort, fixedPort) => {
    const started = await server.launchServer({
      command,
      args: (at) => {
        writeIni(at);
        handOver(dir, [authFile, iniFile]);
        return [iniFile];
      },
      preferredPort,
      fixedPort,
      logPath: files.log,
      probe: (at) => checkPostgres(pooledUrl(postgresUrl, at), 2_000),
      timeoutMs: START_TIMEOUT_MS,
      spawnOptions: { ...runAsIds(), cwd: dir },
    });
    server.writeState(files.state, { ...started, url: pooledUrl(postgresUrl, started.port) });
    return started;
  };
  let started;
  try {
    started = await launch(port ?? 0, false);
  } catch (error) {
    throw new Error(`Cannot start PgBouncer: ${server.oneLine(messageOf(error))}`);
  }
  log(`PgBouncer: transaction pooling on port ${started.port} in front of ${target.hostname}:${target.port} (pid ${started.pid}, config ${iniFile})`);
  const handle = server.serverHandle({
    url: pooledUrl(postgresUrl, started.port),
    port: started.port,
    pid: started.pid,
    reused: false,
    exited: started.exited,
    stopServer: async (pid) => {
      // SIGTERM: 1.18's immediate shutdown; its clients see their connection close, as with a lost pooler.
      await terminate(pid, { signal: 'SIGTERM', timeoutMs: 10_000 });
      server.removeFile(files.state);
    },
    // Same port: the apps know that one and no other.
    relaunch: () => launch(started.port, true),
  });
  return /** @type {ServerHandle & { port: number }} */ (handle);
}

module.exports = { startPgBouncer, pgBouncerIni, pgBouncerUserlist, pooledUrl };
