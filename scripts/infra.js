#!/usr/bin/env node
'use strict';

// Local Postgres and Redis for development, kept in .data/:
//   node scripts/infra.js start    run them in the foreground until Ctrl-C,
//                                  restarted when they die (as under npm start)
//   node scripts/infra.js status   show what is running
//   node scripts/infra.js stop     stop them, whoever started them

const path = require('node:path');
const infra = require('../tools/infra');
const { filesFor, redact, redactUrls } = require('../tools/infra/server');

const POSTGRES = { dataDir: path.join(infra.dataRoot, 'pg'), database: 'sameday' };
const REDIS = { dataDir: path.join(infra.dataRoot, 'redis'), appendOnly: true };

/** @param {string} message */
const log = (message) => console.log(`[infra] ${redactUrls(message)}`);

async function start() {
  const signals = infra.watchStopSignals();
  /** @type {import('../tools/infra/server').ServerHandle[]} */
  const servers = [];
  /** @type {import('../tools/infra/server-supervisor').SupervisedServer[]} */
  const supervised = [];
  // Started by a parent process (a drill) through an IPC channel: we go when it goes.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
  try {
    servers.push(await infra.startPostgres({ ...POSTGRES, log }));
    servers.push(await infra.startRedis({ ...REDIS, log }));
    const [postgres, redis] = servers;
    for (const [name, server] of /** @type {const} */ ([
      ['Postgres', postgres],
      ['Redis', redis],
    ])) {
      if (infra.canSupervise(server)) supervised.push(infra.superviseServer({ name, handle: server, log }));
    }
    // The one place the password is shown: these lines are for the shell that asked.
    console.log(`DATABASE_URL=${postgres.url}`);
    console.log(`REDIS_URL=${redis.url}`);
    const ours = servers.some((server) => !server.reused && !server.external);
    console.log(ours ? 'Press Ctrl-C to stop.' : 'Both were already running and stay running after Ctrl-C.');
    // The servers are detached, so nothing else keeps this process alive.
    const keepAlive = setInterval(() => undefined, 60_000);
    await signals.promise;
    clearInterval(keepAlive);
  } finally {
    for (const server of supervised) server.halt();
    await Promise.all(supervised.map((server) => server.done));
    for (const server of servers.reverse()) await server.stop();
  }
}

/**
 * @param {string} name
 * @param {{ running: boolean, pid?: number, answering?: boolean }} status
 * @param {string} url
 */
function printStatus(name, status, url) {
  if (!status.running) console.log(`${name}: stopped`);
  else console.log(`${name}: running, pid ${status.pid}${status.answering ? '' : ' (not answering)'}, ${redact(url)}`);
}

/**
 * @param {string} url
 * @param {string} database
 */
function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function status() {
  const postgres = await infra.postgresStatus(POSTGRES);
  printStatus('Postgres', postgres, postgres.running ? withDatabase(postgres.url, POSTGRES.database) : '');
  const redis = await infra.redisStatus(REDIS);
  printStatus('Redis', redis, redis.running ? redis.url : '');
  console.log(`Passwords: ${filesFor(POSTGRES.dataDir).password}, ${filesFor(REDIS.dataDir).password}`);
}

async function stop() {
  console.log(`Postgres: ${(await infra.stopPostgres(POSTGRES)) ? 'stopped' : 'was not running'}`);
  console.log(`Redis: ${(await infra.stopRedis(REDIS)) ? 'stopped' : 'was not running'}`);
}

const commands = { start, status, stop };

async function main() {
  const command = commands[/** @type {keyof typeof commands} */ (process.argv[2])];
  if (!command) {
    console.error('Usage: node scripts/infra.js start|stop|status');
    return 2;
  }
  try {
    await command();
    return 0;
  } catch (error) {
    console.error(infra.messageOf(error));
    return 1;
  }
}

main().then((code) => process.exit(code));
