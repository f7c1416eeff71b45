#!/usr/bin/env node
'use strict';

// `npm start`: installs dependencies if needed, starts local Postgres and
// Redis, builds, migrates, runs the five services and waits until the gateway
// is healthy. It then supervises them: an app that dies is restarted (with
// backoff) and the others keep running; so is a Postgres or Redis this run
// started (same port and data; its generated password is under .data/). Ctrl-C stops everything this run
// started, the apps first; if this process is killed outright, its apps and a
// watchdog process stop everything all the same.
//
// `npm start -- --replicas N` runs N processes of every app, the gateway's
// behind one port (a round-robin TCP balancer), to exercise scale-out here.
// `--pgbouncer` puts PgBouncer in transaction mode between the apps and
// Postgres, `--redis-cluster` gives them a six-node Redis Cluster instead of
// one Redis, as managed offerings would; both combine with `--replicas`.

const fs = require('node:fs');
const path = require('node:path');
const { parseArgs } = require('node:util');
// Node built-ins only at load time: dependencies may not be installed yet.
const infra = require('../tools/infra');
const { redactUrls } = require('../tools/infra/server');

const APPS = ['api-gateway', 'quote-service', 'delivery-service', 'payment-service', 'webhook-dispatcher'];
const STRIPE_LOCAL = 'stripe-local';
const GATEWAY = 'api-gateway';
const HEALTH_TIMEOUT_MS = 90_000;
const HEALTH_INTERVAL_MS = 500;
const STOP_TIMEOUT_MS = 10_000;

const root = infra.repoRoot;
const logDir = path.join(infra.dataRoot, 'logs');

/**
 * @typedef {import('../tools/infra/processes').ManagedProcess} ManagedProcess
 * @typedef {import('../tools/infra/processes').StopSignals} StopSignals
 * @typedef {import('../tools/infra/server').ServerHandle} ServerHandle
 * @typedef {import('../tools/infra/supervisor').Supervised} Supervised
 * @typedef {import('../tools/infra/watchdog').Watchdog} Watchdog
 * @typedef {import('../tools/infra/balancer').Balancer} Balancer
 * @typedef {import('../tools/infra/server-supervisor').SupervisedServer} SupervisedServer
 * @typedef {{ servers: Array<{ stop(): Promise<void> }>, supervisedServers: SupervisedServer[], apps: Supervised[], watchdog: Watchdog, balancer?: Balancer }} Stack
 */

const MAX_REPLICAS = 8;
/** PgBouncer's port when free (`--pgbouncer`), beside Postgres' 54329 and Redis' 63790. */
const PGBOUNCER_PORT = 64329;

/**
 * `--replicas N` (1 by default): how many processes of each app;
 * `--pgbouncer`, `--redis-cluster`: the servers between the apps and Postgres and Redis.
 */
function startOptions() {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { replicas: { type: 'string', default: '1' }, pgbouncer: { type: 'boolean', default: false }, 'redis-cluster': { type: 'boolean', default: false } },
  });
  const replicas = Number(values.replicas);
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > MAX_REPLICAS)
    throw new Error(`--replicas must be a whole number from 1 to ${MAX_REPLICAS}, got "${values.replicas}"`);
  return { replicas, pgbouncer: Boolean(values.pgbouncer), redisCluster: Boolean(values['redis-cluster']) };
}

/**
 * Extra Node arguments for every app (`SDD_APP_NODE_ARGS="--cpu-prof
 * --cpu-prof-dir=/tmp/prof" npm start` profiles them, which NODE_OPTIONS
 * does not allow).
 */
function appNodeArgs() {
  return (process.env.SDD_APP_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);
}

/** @param {string} app @param {number} replica 1-based */
const replicaName = (app, replica) => (replica === 1 ? app : `${app}#${replica}`);

/**
 * Never a server's password, whatever a message quotes.
 * @param {string} message
 */
const log = (message) => console.log(`[start] ${redactUrls(message)}`);

/**
 * What a developer sees once the stack answers.
 * @param {string} baseUrl
 */
async function printWelcome(baseUrl) {
  const key = await devTestKey(baseUrl).catch((/** @type {Error} */ error) => {
    log(`Could not prepare a test API key: ${error.message}`);
    return undefined;
  });
  console.log('');
  console.log(`Ready: ${baseUrl}`);
  console.log(`Health: ${baseUrl}/v1/health`);
  if (key) {
    console.log(`Test API key: ${key}`);
    console.log(`Try: curl -s ${baseUrl}/v1/merchants/me -H "Authorization: Bearer ${key}"`);
  }
  console.log('');
}

/**
 * A test-mode key of a local development merchant, registered on the first
 * run and kept in .data/dev-merchant.json (keys are shown once by the API, so
 * the file is the only copy; .data/ is git-ignored).
 * @param {string} baseUrl
 * @returns {Promise<string>}
 */
async function devTestKey(baseUrl) {
  const file = path.join(infra.dataRoot, 'dev-merchant.json');
  try {
    const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
    const check = await fetch(`${baseUrl}/v1/merchants/me`, { headers: { authorization: `Bearer ${saved.api_keys.test}` } });
    if (check.ok) return saved.api_keys.test;
  } catch {
    // No saved merchant yet, or its key no longer works (database reset): register a new one.
  }
  const response = await fetch(`${baseUrl}/v1/merchants/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      business_name: 'Local Development Merchant',
      email: `dev+${Date.now()}@localhost.test`,
      phone: '+1 416 555 0100',
      address: { street: '100 King St W', city: 'Toronto', province: 'ON', postal_code: 'M5X 1A9' },
    }),
  });
  if (response.status !== 201) throw new Error(`registration answered ${response.status}`);
  const registered = /** @type {{ api_keys: { test: string } }} */ (await response.json());
  fs.writeFileSync(file, `${JSON.stringify(registered, null, 2)}\n`, { mode: 0o600 });
  return registered.api_keys.test;
}

/**
 * Unwinds startup once a stop signal has arrived; main() treats that as a
 * normal stop.
 * @param {StopSignals} signals
 */
function checkpoint(signals) {
  if (signals.signal) throw new Error(`stopped by ${signals.signal}`);
}

/** @param {string} name */
function bin(name) {
  return path.join(root, 'node_modules', '.bin', name);
}

/** @param {string} app */
function appLog(app) {
  return path.join(logDir, `${app}.log`);
}

async function gatewayPort() {
  const port = Number(process.env.PORT || 3000);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`PORT must be a TCP port, got "${process.env.PORT}"`);
  // 0.0.0.0 also collides with listeners on any single address.
  if (!(await infra.isPortFree(port, '0.0.0.0'))) {
    throw new Error(`Port ${port} is already in use: stop whatever listens on it or set PORT`);
  }
  return port;
}

/** @param {StopSignals} signals */
async function build(signals) {
  if (infra.buildUpToDate(root)) {
    log('Build: dist/ is up to date');
    return;
  }
  log('Building: tsc -p tsconfig.build.json');
  const startedAt = new Date();
  const code = await infra.run(bin('tsc'), ['-p', 'tsconfig.build.json'], { cwd: root, signals });
  if (code !== 0) throw new Error(`Build failed: tsc exited with code ${code}`);
  log('Building the web apps (dashboard, driver app): tools/dashboard/build.js');
  const dashboard = await infra.run(process.execPath, [path.join(root, 'tools', 'dashboard', 'build.js')], { cwd: root, signals });
  if (dashboard !== 0) throw new Error(`Build failed: the web apps' build exited with code ${dashboard}`);
  infra.markBuilt(root, startedAt);
}

/**
 * @param {string} app
 * @param {NodeJS.ProcessEnv} env
 * @param {StopSignals} signals
 */
async function migrate(app, env, signals) {
  log(`Migrating ${app}`);
  await infra.migrateApp(app, { env, logFile: appLog(app), signals });
}

/**
 * @param {NodeJS.ProcessEnv} databaseEnv DATABASE_URL, and the pool mode and direct URL behind PgBouncer (launcher.js databaseEnv)
 * @param {{ url: string, nodes?: string }} redis a single Redis, or a Redis Cluster's seed nodes too
 * @returns {NodeJS.ProcessEnv}
 */
function sharedEnv(databaseEnv, redis) {
  /** @type {NodeJS.ProcessEnv} */
  const env = {
    ...process.env,
    ...databaseEnv,
    REDIS_URL: redis.url,
    ...(redis.nodes ? { REDIS_CLUSTER_NODES: redis.nodes } : {}),
    NODE_ENV: 'development',
    BUS_PREFIX: 'sdd',
    LOG_LEVEL: process.env.LOG_LEVEL || 'info',
    // Our apps never outlive us, even if we are killed with SIGKILL.
    EXIT_WITH_PARENT: 'true',
    // No load balancer to wait for: Ctrl-C stops the gateway at once.
    SHUTDOWN_DRAIN_MS: process.env.SHUTDOWN_DRAIN_MS || '0',
    // Tracking links must point at the gateway this run serves, whatever PORT it was given.
    PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL || `http://localhost:${Number(process.env.PORT || 3000)}`,
    // Generated once under .data/: the dispatcher has no fallback key of its own.
    WEBHOOK_SECRETS_KEY: process.env.WEBHOOK_SECRETS_KEY || infra.webhookSecretsKey(),
    WEBHOOK_SECRETS_OLD_KEYS: [process.env.WEBHOOK_SECRETS_OLD_KEYS, infra.LEGACY_DEVELOPMENT_KEY].filter(Boolean).join(','),
    // The operator API (/v1/ops: drivers): generated once under .data/, read by `npm run drivers:seed` and `drivers:simulate`.
    OPS_API_TOKEN: process.env.OPS_API_TOKEN || infra.opsApiToken(),
    // Proof photos on local disk under .data/, their URLs signed with a secret generated once there.
    PROOF_PHOTO_DIR: process.env.PROOF_PHOTO_DIR || path.join(infra.dataRoot, 'proof-photos'),
    PROOF_URL_SECRET: process.env.PROOF_URL_SECRET || infra.proofUrlSecret(),
  };
  // The user's PORT is meant for the gateway alone; see appEnv.
  delete env.PORT;
  return env;
}

/**
 * @param {string} app
 * @param {NodeJS.ProcessEnv} shared
 * @param {number} port the gateway's own port (a replica's, behind the balancer)
 * @param {boolean} balanced
 */
function appEnv(app, shared, port, balanced) {
  if (app !== GATEWAY) return shared;
  // Behind the balancer a replica listens on loopback only: the balancer's port is the way in.
  return balanced ? { ...shared, PORT: String(port), HOST: '127.0.0.1' } : { ...shared, PORT: String(port) };
}

/**
 * Starts `replicas` processes of every app under supervision; each (re)start
 * is logged with its pid and ports and reported to the watchdog. With more
 * than one, the gateway replicas get ports of their own and a balancer takes
 * `port`.
 * @param {NodeJS.ProcessEnv} shared
 * @param {number} port
 * @param {Watchdog} watchdog
 * @param {number} replicas
 * @returns {Promise<{ apps: Supervised[], balancer?: Balancer }>}
 */
async function startApps(shared, port, watchdog, replicas) {
  const balanced = replicas > 1;
  const gatewayPorts = balanced ? await infra.findFreePorts(replicas) : [port];
  const opsPorts = await infra.findFreePorts(APPS.length * replicas);
  const apps = APPS.flatMap((app, appIndex) =>
    Array.from({ length: replicas }, (_, index) => {
      const name = replicaName(app, index + 1);
      const opsPort = opsPorts[appIndex * replicas + index];
      const ownPort = gatewayPorts[index];
      const env = appEnv(app, shared, ownPort, balanced);
      const spawn = () => {
        const started = infra.launchApp(app, opsPort, { env, logFile: appLog(name), ipc: true, nodeArgs: appNodeArgs(), niceness: infra.appNiceness(app) });
        const pid = started.child.pid;
        log(`Started ${name} (pid ${pid}, ops port ${opsPort}${app === GATEWAY ? `, port ${ownPort}` : ''})`);
        if (pid) watchdog.watch({ pid, kind: 'app', signal: 'SIGTERM', killSignal: 'SIGKILL', group: true });
        return started;
      };
      const onExit = (/** @type {ManagedProcess} */ { child }) => {
        if (child.pid) watchdog.forget(child.pid);
      };
      return infra.supervise({ name, spawn, log, onExit });
    }),
  );
  if (!balanced) return { apps };
  const balancer = await infra.startBalancer({ port, backends: gatewayPorts });
  log(`Balancing port ${port} over ${replicas} gateway replicas (ports ${gatewayPorts.join(', ')})`);
  return { apps, balancer };
}

/**
 * Without processor keys, the local Stripe-compatible server stands in for
 * Stripe (tools/stripe-local), supervised like the apps.
 * @param {NodeJS.ProcessEnv} shared
 * @param {number} port the gateway's, where processor events go
 * @param {Watchdog} watchdog
 * @returns {Promise<{ supervised: Supervised, port: number }>}
 */
async function startStripeLocal(shared, port, watchdog) {
  const [stripePort] = await infra.findFreePorts(1);
  const spawn = () => {
    const started = infra.launchStripeLocal(stripePort, `http://127.0.0.1:${port}`, { env: shared, logFile: appLog(STRIPE_LOCAL) });
    const pid = started.child.pid;
    log(`Started ${STRIPE_LOCAL} (pid ${pid}, port ${stripePort}): no STRIPE_TEST_SECRET_KEY, so payments go to the local Stripe-compatible server`);
    if (pid) watchdog.watch({ pid, kind: 'app', signal: 'SIGTERM', killSignal: 'SIGKILL', group: true });
    return started;
  };
  const onExit = (/** @type {ManagedProcess} */ { child }) => {
    if (child.pid) watchdog.forget(child.pid);
  };
  return { supervised: infra.supervise({ name: STRIPE_LOCAL, spawn, log, onExit }), port: stripePort };
}

/**
 * Servers this run started die with it (through the watchdog); servers it
 * merely reused, or was given by URL, belong to someone else.
 * @param {Watchdog} watchdog
 * @param {ServerHandle} server
 * @param {{ signal: NodeJS.Signals, killSignal: NodeJS.Signals }} signals
 */
function watchServer(watchdog, server, { signal, killSignal }) {
  if (server.reused || server.external || !server.pid) return;
  watchdog.watch({ pid: server.pid, kind: 'server', signal, killSignal, group: false });
}

/**
 * A server this run started is restarted when it dies, as Kubernetes
 * restarts a database's pod (same port, same data, backoff); the watchdog
 * follows it to its new pid.
 * @param {Stack} stack
 * @param {string} name
 * @param {ServerHandle} server
 * @param {{ signal: NodeJS.Signals, killSignal: NodeJS.Signals }} signals
 */
function superviseServer(stack, name, server, signals) {
  watchServer(stack.watchdog, server, signals);
  if (!infra.canSupervise(server)) return;
  const onRestart = (/** @type {number} */ previousPid, /** @type {number} */ pid) => {
    stack.watchdog.forget(previousPid);
    stack.watchdog.watch({ pid, kind: 'server', ...signals, group: false });
  };
  stack.supervisedServers.push(infra.superviseServer({ name, handle: server, log, onRestart }));
}

/**
 * PgBouncer in transaction mode between the apps and Postgres (`--pgbouncer`),
 * under `.data/pgbouncer/`, supervised like Postgres; the migrations still
 * reach Postgres directly (DATABASE_DIRECT_URL).
 * @param {Stack} stack
 * @param {string} postgresUrl
 */
async function startPgBouncer(stack, postgresUrl) {
  const pgbouncer = await infra.startPgBouncer({ dataDir: path.join(infra.dataRoot, 'pgbouncer'), postgresUrl, port: PGBOUNCER_PORT, log });
  stack.servers.push(pgbouncer);
  superviseServer(stack, 'PgBouncer', pgbouncer, { signal: 'SIGTERM', killSignal: 'SIGKILL' });
  log(`The apps reach Postgres through PgBouncer on port ${pgbouncer.port} (DATABASE_POOL_MODE=transaction); their migrations directly on port ${new URL(postgresUrl).port}`);
  return pgbouncer;
}

/**
 * A six-node Redis Cluster (`--redis-cluster`) under `.data/redis-cluster/`,
 * new at each start (tools/infra/redis-cluster.js), its nodes followed by the
 * watchdog and stopped with the rest. A node that dies is not started again:
 * its replica takes over its slots, as the cluster is built to.
 * @param {Stack} stack
 */
async function startRedisCluster(stack) {
  const cluster = await infra.startRedisCluster({ dataDir: path.join(infra.dataRoot, 'redis-cluster'), appendOnly: true, log });
  stack.servers.push(cluster);
  for (const node of cluster.processes) stack.watchdog.watch({ pid: node.pid, kind: 'server', signal: 'SIGTERM', killSignal: 'SIGKILL', group: false });
  log(`The apps reach Redis as a Redis Cluster: REDIS_CLUSTER_NODES=${cluster.nodes}`);
  return cluster;
}

/**
 * @param {string} url
 * @returns {Promise<{ ok: boolean, detail: string }>}
 */
async function probeHealth(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    const body = await response.text();
    return { ok: response.status === 200, detail: `HTTP ${response.status} ${body.slice(0, 500)}` };
  } catch (error) {
    // fetch() hides the socket error (e.g. ECONNREFUSED) in `cause`.
    const cause = /** @type {{ cause?: { code?: string } }} */ (error).cause;
    return { ok: false, detail: cause?.code ?? infra.messageOf(error) };
  }
}

/**
 * @param {string} url
 * @param {AbortSignal} abort
 * @returns {Promise<{ kind: 'healthy' } | { kind: 'timeout', last: string }>}
 */
async function waitForHealth(url, abort) {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let last = 'no response yet';
  while (!abort.aborted && Date.now() < deadline) {
    const result = await probeHealth(url);
    if (result.ok) return { kind: 'healthy' };
    last = result.detail;
    await infra.sleep(HEALTH_INTERVAL_MS);
  }
  return { kind: 'timeout', last };
}

/**
 * @param {{ name: string, status: import('../tools/infra/processes').ExitStatus }} exit
 */
function reportExit({ name, status }) {
  console.error(`[start] ${name} exited while the system was starting (${infra.describeExit(status)}); stopping everything`);
}

/**
 * Brings the stack up and keeps it up; resolves with the exit code once it
 * should come down.
 * @param {Stack} stack
 * @param {StopSignals} signals
 * @returns {Promise<number>}
 */
async function up(stack, signals) {
  const { replicas, pgbouncer: withPgBouncer, redisCluster: withRedisCluster } = startOptions();
  await infra.ensureDependencies({ log, signals });
  checkpoint(signals);
  const port = await gatewayPort();
  const postgres = await infra.startPostgres({ dataDir: path.join(infra.dataRoot, 'pg'), database: 'sameday', log });
  stack.servers.push(postgres);
  // Postgres' fast shutdown, else its immediate one (crash-safe).
  superviseServer(stack, 'Postgres', postgres, { signal: 'SIGINT', killSignal: 'SIGQUIT' });
  checkpoint(signals);
  const pgbouncer = withPgBouncer ? await startPgBouncer(stack, postgres.url) : undefined;
  checkpoint(signals);
  const redis = withRedisCluster ? await startRedisCluster(stack) : await infra.startRedis({ dataDir: path.join(infra.dataRoot, 'redis'), appendOnly: true, log });
  if (!('nodes' in redis)) {
    stack.servers.push(redis);
    superviseServer(stack, 'Redis', redis, { signal: 'SIGTERM', killSignal: 'SIGKILL' });
  }
  checkpoint(signals);
  await build(signals);
  checkpoint(signals);
  const shared = sharedEnv(infra.databaseEnv(postgres.url, pgbouncer?.url), redis);
  if (!process.env.STRIPE_TEST_SECRET_KEY) {
    const stripe = await startStripeLocal(shared, port, stack.watchdog);
    stack.apps.push(stripe.supervised);
    Object.assign(shared, infra.localStripeEnv(stripe.port));
  }
  for (const app of APPS) {
    await migrate(app, shared, signals);
    checkpoint(signals);
  }
  const started = await startApps(shared, port, stack.watchdog, replicas);
  stack.apps.push(...started.apps);
  stack.balancer = started.balancer;

  const exited = Promise.race(stack.apps.map((app) => app.firstExit));
  const stopped = signals.promise.then(() => /** @type {const} */ ({ kind: 'signal' }));
  const healthAbort = new AbortController();
  const healthUrl = `http://127.0.0.1:${port}/v1/health`;
  const outcome = await Promise.race([waitForHealth(healthUrl, healthAbort.signal), exited, stopped]);
  healthAbort.abort();
  if (outcome.kind === 'signal') return 0;
  if (outcome.kind === 'exited') {
    reportExit(outcome);
    return 1;
  }
  if (outcome.kind === 'timeout') {
    console.error(`[start] ${healthUrl} did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s; last response: ${outcome.last}`);
    return 1;
  }
  for (const app of stack.apps) app.keepRunning();
  await printWelcome(`http://localhost:${port}`);
  await stopped;
  return 0;
}

/** @param {Stack} stack */
async function down({ apps, servers, supervisedServers, watchdog, balancer }) {
  await balancer?.close();
  for (const app of apps) app.halt();
  const running = apps.map((app) => app.current()).filter(({ child }) => child.exitCode === null && child.signalCode === null);
  if (running.length > 0) {
    log('Stopping services');
    await infra.stopProcesses(running, STOP_TIMEOUT_MS);
  }
  await Promise.all(apps.map((app) => app.done));
  for (const supervised of supervisedServers) supervised.halt();
  await Promise.all(supervisedServers.map((supervised) => supervised.done));
  for (const server of [...servers].reverse()) {
    await server.stop().catch((/** @type {Error} */ error) => console.error(error.message));
  }
  watchdog.release();
}

async function main() {
  const signals = infra.watchStopSignals();
  /** @type {Stack} */
  const stack = { servers: [], supervisedServers: [], apps: [], watchdog: infra.startWatchdog() };
  let code;
  try {
    code = await up(stack, signals);
  } catch (error) {
    // A step cut short by Ctrl-C fails too; that is a normal stop, not an error.
    if (signals.signal) code = 0;
    else {
      console.error(redactUrls(infra.messageOf(error)));
      code = 1;
    }
  } finally {
    await down(stack);
  }
  process.exit(code);
}

main();
