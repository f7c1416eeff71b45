'use strict';

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const readline = require('node:readline');
const { once } = require('node:events');
const { spawn } = require('node:child_process');
const { dataRoot, repoRoot } = require('./paths');
const { STRIPE_LOCAL_SCRIPT, stripeLocalServerEnv } = require('./stripe-local-env');
const { describeExit, exitOf, isRunning, sendSignal, settlesWithin, sleep, spawnPrefixed } = require('./processes');

/**
 * The one way apps are started as processes, from the compiled build: by
 * `npm start` (scripts/start.js), by the tests' TestSystem (libs/testing) and
 * by the benches (bench/bench-system.ts). Plain Node, so `npm start` can use it
 * before anything is built; the TypeScript callers load it through its path.
 * @typedef {import('./processes').ExitStatus} ExitStatus
 * @typedef {import('./processes').StopSignals} StopSignals
 * @typedef {import('./processes').ManagedProcess & { logs: string[], group: boolean }} Launched
 *   `group`: the process leads a process group of its own, which signals reach as a whole.
 * @typedef {Launched & { opsPort: number }} LaunchedApp
 * @typedef {{
 *   env: NodeJS.ProcessEnv,
 *   nodeArgs?: string[],
 *   logFile?: string,
 *   ipc?: boolean,
 *   keepLines?: number,
 *   niceness?: number,
 * }} LaunchOptions
 *   `logFile`: show the output prefixed with the app's name and append it to
 *   this file, the process in a group of its own (`npm start`); without it the
 *   output is only kept (its last `keepLines` lines) for error messages.
 *   `nodeArgs` go before the script, after the heap limits (so they may
 *   override them): Node refuses profiling flags in NODE_OPTIONS.
 *   `niceness`: the process's CPU priority (`nice`, 0–19), see `appNiceness`.
 */

const REGISTER_PATHS = path.join(repoRoot, 'tools', 'register-paths.js');
const MIGRATE_APPS_SCRIPT = path.join(__dirname, 'migrate-apps.js');

/**
 * V8's heap limits for every app, wherever it runs: here (npm start, tests,
 * benches) and in the image (the Dockerfile's NODE_OPTIONS, kept equal by
 * launcher.spec.js). Without them V8 sized each heap for a machine's memory,
 * not the app's: 100–180 MB of heap for a live set of 45–65 MB after load,
 * 160–250 MB resident. The limits leave the live set twice its measured size;
 * a 4 MB semi-space keeps the young generation at 8 MB (resident: it is touched
 * at every scavenge), 7–12 MB less per app than 8 MB for no measured CPU per
 * request (bench/HISTORY.md, "Memory"; docs/decisions/0010-v8-heap-limits.md).
 */
const APP_HEAP_ARGS = ['--max-old-space-size=128', '--max-semi-space-size=4'];
/**
 * The apps behind the gateway run at a lower CPU priority than the gateway
 * when the system runs as it would in production (`npm start`, the drills).
 * On one machine every app shares its cores; under a burst the work the
 * gateway admitted would starve the gateway itself, which must keep reading
 * and refusing requests at once (its load shedding): measured, the gateway got
 * 37 % of a core and 6,357 of 37,729 requests went unanswered for 5 s; with the
 * workers at nice 10, 45 (docs/reliability.md, "Overload"). Kubernetes gives
 * each pod its own CPU request instead (k8s/).
 */
const WORKER_NICENESS = 10;
const LINES_KEPT = 200;
const READY_TIMEOUT_MS = 30_000;
const READY_INTERVAL_MS = 100;
const LOG_TAIL_LINES = 20;

/**
 * The environment of a system that shares Postgres and Redis with others
 * (tests, benches): its bus and schema prefix keep it apart, its gateway
 * listens on 127.0.0.1:`port`, and only warnings are logged. With
 * `redisClusterNodes`, Redis is a Redis Cluster (REDIS_CLUSTER_NODES); with
 * `pooledDatabaseUrl`, the apps reach Postgres through that transaction
 * pooler, `databaseUrl` being their direct connection (databaseEnv).
 * @param {{ databaseUrl: string, pooledDatabaseUrl?: string, redisUrl: string, redisClusterNodes?: string, prefix: string, port: number, nodeEnv: string, webhookSecretsKey: string }} options
 * @returns {NodeJS.ProcessEnv}
 */
function isolatedEnv({ databaseUrl, pooledDatabaseUrl, redisUrl, redisClusterNodes, prefix, port, nodeEnv, webhookSecretsKey }) {
  return {
    PATH: process.env.PATH,
    NODE_ENV: nodeEnv,
    ...databaseEnv(databaseUrl, pooledDatabaseUrl),
    REDIS_URL: redisUrl,
    ...(redisClusterNodes ? { REDIS_CLUSTER_NODES: redisClusterNodes } : {}),
    BUS_PREFIX: prefix,
    DB_SCHEMA_PREFIX: `${prefix}_`,
    LOG_LEVEL: 'warn',
    PORT: String(port),
    HOST: '127.0.0.1',
    WEBHOOK_SECRETS_KEY: webhookSecretsKey,
  };
}

/**
 * The apps' Postgres settings: `databaseUrl` directly, or with
 * `pooledDatabaseUrl` through a transaction pooler (PgBouncer), keeping
 * `databaseUrl` for what needs a session (DATABASE_DIRECT_URL).
 * @param {string} databaseUrl
 * @param {string} [pooledDatabaseUrl]
 * @returns {NodeJS.ProcessEnv}
 */
function databaseEnv(databaseUrl, pooledDatabaseUrl) {
  if (!pooledDatabaseUrl) return { DATABASE_URL: databaseUrl };
  return { DATABASE_URL: pooledDatabaseUrl, DATABASE_POOL_MODE: 'transaction', DATABASE_DIRECT_URL: databaseUrl };
}

/**
 * @param {string} app
 * @param {'main' | 'migrate'} entry
 */
function appScript(app, entry) {
  return path.join(repoRoot, 'dist', 'apps', app, 'src', `${entry}.js`);
}

/**
 * Node's arguments for one entry point of a compiled app.
 * @param {string} app
 * @param {'main' | 'migrate'} entry
 * @param {string[]} [nodeArgs]
 */
function appArgs(app, entry, nodeArgs = []) {
  const script = appScript(app, entry);
  if (!fs.existsSync(script)) throw new Error(`${script} is missing: run \`npm run build\` first`);
  return [...APP_HEAP_ARGS, ...nodeArgs, '-r', REGISTER_PATHS, script];
}

/**
 * Keeps the last `max` lines of `input` in `lines`.
 * @param {import('node:stream').Readable} input
 * @param {string[]} lines
 * @param {number} max
 */
function keepTail(input, lines, max) {
  readline.createInterface({ input, crlfDelay: Infinity }).on('line', (line) => {
    lines.push(line);
    if (lines.length > max) lines.splice(0, lines.length - max);
  });
}

/**
 * Starts `name` with Node and `args`.
 * @param {string} name
 * @param {string[]} args
 * @param {LaunchOptions} options
 * @returns {Launched}
 */
function launch(name, args, { env, logFile, ipc = false, keepLines = LINES_KEPT, niceness = 0 }) {
  const started = logFile
    ? spawnPrefixed(name, process.execPath, args, { cwd: repoRoot, env, logFile, ipc })
    : (() => {
        const child = spawn(process.execPath, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
        return { name, child, exited: exitOf(child) };
      })();
  if (niceness !== 0 && started.child.pid) os.setPriority(started.child.pid, niceness);
  /** @type {string[]} */
  const logs = [];
  const { stdout, stderr } = started.child;
  for (const stream of [stdout, stderr]) if (stream) keepTail(stream, logs, keepLines);
  return { ...started, logs, group: Boolean(logFile) };
}

/**
 * The CPU priority `app` runs at in a system run as in production: the
 * gateway first, the apps behind it after (WORKER_NICENESS).
 * @param {string} app
 * @returns {number}
 */
function appNiceness(app) {
  return app === 'api-gateway' ? 0 : WORKER_NICENESS;
}

/**
 * Starts one app with its ops server on `opsPort`; wait with `awaitReady`.
 * @param {string} app
 * @param {number} opsPort
 * @param {LaunchOptions} options
 * @returns {LaunchedApp}
 */
function launchApp(app, opsPort, options) {
  const env = { ...options.env, OPS_PORT: String(opsPort) };
  return { ...launch(app, appArgs(app, 'main', options.nodeArgs), { ...options, env }), opsPort };
}

/**
 * Starts the local Stripe-compatible server (tools/stripe-local) on `port`,
 * sending processor events to the gateway at `gatewayUrl`. The apps reach it
 * with `localStripeEnv(port)`. It keeps its objects under `dataDir`
 * (default `.data/stripe-local`; a test system passes one of its own).
 * @param {number} port
 * @param {string} gatewayUrl
 * @param {LaunchOptions & { dataDir?: string }} options
 * @returns {Launched}
 */
function launchStripeLocal(port, gatewayUrl, options) {
  const env = { ...options.env, ...stripeLocalServerEnv(port, gatewayUrl, options.dataDir ?? path.join(dataRoot, 'stripe-local')) };
  return launch('stripe-local', [STRIPE_LOCAL_SCRIPT], { ...options, env });
}

/**
 * Runs an app until it exits by itself (a refusal to start, say), with
 * SIGKILL after `timeoutMs`; resolves with its exit code and output.
 * @param {string} app
 * @param {LaunchOptions & { timeoutMs: number }} options
 * @returns {Promise<{ code: number | null, output: string }>}
 */
async function runApp(app, { timeoutMs, ...options }) {
  const launched = launchApp(app, 0, options);
  // 'close' comes once the output is read to its end, after 'exit'.
  const closed = once(launched.child, 'close');
  if (!(await settlesWithin(launched.exited, timeoutMs))) await stopApp(launched, 'SIGKILL');
  await closed;
  return { code: (await launched.exited).code, output: launched.logs.join('\n') };
}

/** @param {Launched} launched */
function logTail({ logs }) {
  return logs.slice(-LOG_TAIL_LINES).join('\n');
}

/**
 * Runs an app's migrations to the end; throws with its exit and last lines
 * when they fail. `signals` lets a Ctrl-C reach the migration at once.
 * @param {string} app
 * @param {LaunchOptions & { signals?: StopSignals }} options
 */
async function migrateApp(app, { signals, ...options }) {
  const migration = launch(`${app} migrate`, appArgs(app, 'migrate', options.nodeArgs), options);
  signals?.track(migration.child);
  const status = await migration.exited;
  if (status.code !== 0) throw new Error(`Migration of ${app} failed: ${describeExit(status)}\n${logTail(migration)}`);
}

/**
 * Runs the migrations of several apps in one process (migrate-apps.js): each
 * app's own, as `migrateApp` runs them, but Node and the libraries start once.
 * For TestSystem, which starts a system per test file; throws as `migrateApp`.
 * @param {string[]} apps
 * @param {LaunchOptions & { signals?: StopSignals }} options
 */
async function migrateApps(apps, { signals, ...options }) {
  const migration = launch(`migrate ${apps.join(', ')}`, [...(options.nodeArgs ?? []), '-r', REGISTER_PATHS, MIGRATE_APPS_SCRIPT, ...apps], options);
  signals?.track(migration.child);
  const status = await migration.exited;
  if (status.code !== 0) throw new Error(`Migration of ${apps.join(', ')} failed: ${describeExit(status)}\n${logTail(migration)}`);
}

/**
 * True once the app's ops server answers ready.
 * @param {number} opsPort
 */
async function isReady(opsPort) {
  try {
    const response = await fetch(`http://127.0.0.1:${opsPort}/health/ready`, { signal: AbortSignal.timeout(5_000) });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Resolves once the app answers ready; throws as soon as it exits, or after
 * `timeoutMs`, with its last log lines.
 * @param {LaunchedApp} launched
 * @param {{ timeoutMs?: number }} [options]
 */
async function awaitReady(launched, { timeoutMs = READY_TIMEOUT_MS } = {}) {
  const deadline = Date.now() + timeoutMs;
  let problem = `not ready within ${timeoutMs} ms`;
  while (Date.now() < deadline) {
    if (!isRunning(launched.child)) {
      problem = describeExit(await launched.exited);
      break;
    }
    if (await isReady(launched.opsPort)) return;
    await sleep(READY_INTERVAL_MS);
  }
  throw new Error(`${launched.name} did not become ready (${problem})\n${logTail(launched)}`);
}

/**
 * Sends `signal` (to its process group when it has one) and resolves with
 * how it exited; with `killAfterMs`, a process still running by then gets SIGKILL.
 * @param {Launched} launched
 * @param {NodeJS.Signals} [signal]
 * @param {number} [killAfterMs]
 * @returns {Promise<ExitStatus>}
 */
async function stopApp({ child, exited, group }, signal = 'SIGTERM', killAfterMs) {
  if (isRunning(child)) sendSignal(/** @type {number} */ (child.pid), signal, group);
  if (killAfterMs !== undefined && !(await settlesWithin(exited, killAfterMs)) && isRunning(child)) {
    sendSignal(/** @type {number} */ (child.pid), 'SIGKILL', group);
  }
  return exited;
}

module.exports = { APP_HEAP_ARGS, isolatedEnv, databaseEnv, appArgs, appNiceness, launchApp, launchStripeLocal, runApp, migrateApp, migrateApps, awaitReady, stopApp };
