#!/usr/bin/env node
'use strict';

// `npm test`: lint, typecheck, unit tests, build and end-to-end tests against
// a dedicated Postgres and Redis (.data/test-*), separate from `npm start`'s
// so both can run at once. Arguments after `--` go to both jest runs:
//   npm test -- -t bus
// `npm run test:drills` (`node scripts/test.js drills`): the faults injected for
// real (the short drills, drills/, and e2e/outages/) on the same servers, a
// suite of their own that CI runs after `npm test`, so that `npm test` stays
// within 15 minutes on 2 cores.
// `npm run test:cluster` (`node scripts/test.js cluster`): the bus, timeline,
// webhook, payment and API-key end-to-end tests (CLUSTER_E2E) on a local Redis Cluster
// (six nodes, tools/infra/redis-cluster.js) instead of the single Redis, and with
// the apps on Postgres through PgBouncer in transaction mode (E2E_PG=pgbouncer,
// tools/infra/pgbouncer.js), as managed Redis and Postgres offerings put them; then
// the replicated drills (drills/replicas/, jest.replicas.config.js: three processes of
// every app on a Redis Cluster and PgBouncer of their own, under kill -9, FLUSHALL,
// a Postgres outage and a primary's loss).

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
// Node built-ins only at load time: dependencies may not be installed yet.
const infra = require('../tools/infra');

const root = infra.repoRoot;

/**
 * @typedef {{ name: string, command: string, args: string[], together?: boolean }} Step
 *   `together`: starts with the step before it instead of after it (independent checks share the 2 cores).
 * @typedef {{ name: string, code: number }} StepResult
 */

/** @param {string} message */
const log = (message) => console.log(`[test] ${message}`);

/** @param {string} name */
function bin(name) {
  return path.join(root, 'node_modules', '.bin', name);
}

/** The suite asked for: `drills`, `cluster`, or by default the whole of `npm test`. */
const SUITE = process.argv[2] === 'drills' || process.argv[2] === 'cluster' ? process.argv[2] : 'test';

/**
 * What runs on the Redis Cluster and through PgBouncer: the bus and the outbox
 * with the timeline's delayed jobs, idempotent creation under concurrency,
 * webhook attempts and their retries, the payment path, API-key revocations
 * told to another gateway replica over pub/sub; the gateway's rate limit under
 * all of them; the migrations on start, the hot paths' prepared statements
 * and the pooler's statement timeout (e2e/platform/pgbouncer).
 */
const CLUSTER_E2E = [
  'e2e/deliveries/delivery-timeline.e2e-spec.ts',
  'e2e/deliveries/deliveries.e2e-spec.ts',
  'e2e/webhooks/webhook-dispatch.e2e-spec.ts',
  'e2e/payments/payments.e2e-spec.ts',
  'e2e/merchants/api-keys.e2e-spec.ts',
  'e2e/platform/pgbouncer.e2e-spec.ts',
];

/** `npm test -- -t bus` passes `-t bus`; a direct `node scripts/test.js -- -t bus` passes the `--` too. */
function jestArgs() {
  const args = process.argv.slice(SUITE === 'test' ? 2 : 3);
  if (args[0] === '--') args.shift();
  // A filter that matches nothing in one of the two suites is not a failure.
  return args.length > 0 ? ['--passWithNoTests', ...args] : [];
}

/** @returns {Step[]} */
function steps() {
  const extra = jestArgs();
  if (SUITE === 'drills') {
    return [{ name: 'drills', command: bin('jest'), args: ['-c', 'jest.drills.config.js', '--ci', '--maxWorkers=2', ...jestReport('drills'), ...extra] }];
  }
  if (SUITE === 'cluster') {
    // One file at a time: six Redis nodes beside a system of five apps already fill 2 cores.
    return [
      { name: 'cluster', command: bin('jest'), args: ['-c', 'jest.e2e.config.js', '--ci', '--runInBand', ...jestReport('cluster'), ...extra, ...CLUSTER_E2E] },
      { name: 'replicas', command: bin('jest'), args: ['-c', 'jest.replicas.config.js', '--ci', '--runInBand', ...jestReport('replicas'), ...extra] },
    ];
  }
  return [
    { name: 'lint', command: bin('nx'), args: ['run-many', '-t', 'lint', '--parallel=2', '--outputStyle=static'] },
    { name: 'format', command: bin('prettier'), args: ['--check', '--log-level=warn', '.'], together: true },
    { name: 'typecheck', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'], together: true },
    { name: 'unit', command: bin('jest'), args: ['-c', 'jest.unit.config.js', '--ci', ...jestReport('unit'), ...extra] },
    { name: 'build', command: bin('tsc'), args: ['-p', 'tsconfig.build.json'] },
    {
      name: 'e2e',
      command: bin('jest'),
      // Two files at a time: most of an e2e file's time is waiting on its processes (timelines, restarts,
      // outages), and files are isolated by bus and schema prefix on the shared servers.
      args: ['-c', 'jest.e2e.config.js', '--ci', '--maxWorkers=2', ...jestReport('e2e'), ...extra],
    },
  ];
}

/**
 * The steps in the order they run, those marked `together` in one group with the step before them.
 * @param {Step[]} planned
 * @returns {Step[][]}
 */
function inGroups(planned) {
  /** @type {Step[][]} */
  const groups = [];
  for (const step of planned) {
    if (step.together && groups.length > 0) groups[groups.length - 1].push(step);
    else groups.push([step]);
  }
  return groups;
}

/** @param {string} suite */
function jestReportFile(suite) {
  return path.join(infra.dataRoot, `jest-${suite}.json`);
}

/** @param {string} suite */
function jestReport(suite) {
  fs.rmSync(jestReportFile(suite), { force: true });
  return ['--json', `--outputFile=${jestReportFile(suite)}`];
}

/** Test counts of both jest runs, for the closing line CI reads. */
function testCounts() {
  let passed = 0;
  let failed = 0;
  for (const name of SUITE === 'test' ? ['unit', 'e2e'] : SUITE === 'cluster' ? ['cluster', 'replicas'] : [SUITE]) {
    try {
      const report = JSON.parse(fs.readFileSync(jestReportFile(name), 'utf8'));
      passed += report.numPassedTests;
      failed += report.numFailedTests + report.numRuntimeErrorTestSuites;
    } catch {
      // The suite did not run (an earlier step failed): its tests count as neither.
    }
  }
  return { passed, failed };
}

/** @param {number} ms */
function formatDuration(ms) {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds}s` : `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
}

/**
 * @param {Step[]} planned
 * @param {StepResult[]} results
 * @param {number} elapsedMs
 */
function summary(planned, results, elapsedMs) {
  const parts = planned.map(({ name }) => {
    const result = results.find((r) => r.name === name);
    if (!result) return `${name} not run`;
    return result.code === 0 ? `${name} passed` : `${name} FAILED (exit ${result.code})`;
  });
  return `[test] ${parts.join(', ')}; total ${formatDuration(elapsedMs)}`;
}

/**
 * @param {Array<{ stop(): Promise<void> }>} servers
 * @param {import('../tools/infra/processes').StopSignals} signals
 * @param {Step[]} planned
 * @param {StepResult[]} results
 * @returns {Promise<number>} exit code
 */
async function runAll(servers, signals, planned, results) {
  await infra.ensureDependencies({ log, signals });
  fs.mkdirSync(infra.dataRoot, { recursive: true });
  // DATABASE_URL/REDIS_URL in the shell belong to `npm start`; tests take TEST_* or start their own servers.
  delete process.env.DATABASE_URL;
  delete process.env.REDIS_URL;
  if (process.env.TEST_DATABASE_URL) process.env.DATABASE_URL = process.env.TEST_DATABASE_URL;
  if (process.env.TEST_REDIS_URL) process.env.REDIS_URL = process.env.TEST_REDIS_URL;
  process.env.NX_DAEMON = 'false';
  process.env.NX_NO_CLOUD = 'true';
  const postgres = await infra.startPostgres({
    dataDir: path.join(infra.dataRoot, 'test-pg'),
    database: 'sameday_test',
    port: 54339,
    log,
  });
  servers.push(postgres);
  const redis =
    SUITE === 'cluster'
      ? await infra.startRedisCluster({ dataDir: path.join(infra.dataRoot, 'test-redis-cluster'), log })
      : await infra.startRedis({ dataDir: path.join(infra.dataRoot, 'test-redis'), appendOnly: false, port: 63791, log });
  servers.push(redis);
  const chromium = await infra.ensureChromium({ log });
  const env = {
    ...process.env,
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    ...('nodes' in redis ? { REDIS_CLUSTER_NODES: redis.nodes, E2E_REDIS: 'cluster' } : {}),
    // The e2e global set-up puts PgBouncer in front of this Postgres (libs/testing global-setup.ts).
    ...(SUITE === 'cluster' ? { E2E_PG: 'pgbouncer' } : {}),
    TEST_INFRA: 'external',
    CHROMIUM_PATH: chromium,
    WEBHOOK_SECRETS_KEY: process.env.WEBHOOK_SECRETS_KEY || infra.webhookSecretsKey(),
  };
  for (const group of inGroups(planned)) {
    if (signals.signal) break;
    const codes = await Promise.all(
      group.map(async (step) => {
        log(`${step.name}: ${path.basename(step.command)} ${step.args.join(' ')}`);
        const stepStarted = Date.now();
        const code = await infra.run(step.command, step.args, { cwd: root, env, signals });
        results.push({ name: step.name, code });
        log(`${step.name}: ${code === 0 ? 'passed' : `exit ${code}`} in ${formatDuration(Date.now() - stepStarted)}`);
        return code;
      }),
    );
    const failed = codes.find((code) => code !== 0);
    if (failed !== undefined) return failed;
  }
  return 0;
}

async function main() {
  const startedAt = Date.now();
  const signals = infra.watchStopSignals();
  const planned = steps();
  /** @type {StepResult[]} */
  const results = [];
  /** @type {Array<{ stop(): Promise<void> }>} */
  const servers = [];
  let code;
  try {
    code = await runAll(servers, signals, planned, results);
  } catch (error) {
    console.error(infra.messageOf(error));
    code = 1;
  } finally {
    for (const server of servers.reverse()) {
      await server.stop().catch((/** @type {Error} */ error) => console.error(error.message));
    }
  }
  if (signals.signal && code === 0) code = 128 + os.constants.signals[signals.signal];
  console.log(summary(planned, results, Date.now() - startedAt));
  const { passed, failed } = testCounts();
  console.log(`tests: ${passed} passed, ${failed} failed`);
  process.exit(code);
}

main();
