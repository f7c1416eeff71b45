'use strict';

/**
 * Where each app's CPU per request goes, by stage of the request path, in µs:
 * the V8 CPU profiles of a `BENCH_NODE_ARGS="--cpu-prof …" npm run bench:http`
 * run with `BENCH_PROFILE_WINDOWS=<file>`, which writes when each path's
 * rounds ran (monotonic µs, the profiles' clock), how many requests they
 * served and each app's CPU seconds over them (/proc). A stage's µs per
 * request is its share of the app's busy samples inside the path's windows
 * times the app's measured CPU per request (the profiler's own overhead
 * included, so compare stages within a run, not against a run without it).
 * Usage: node tools/profile/per-request.js <windows.json> <profile dir> [rows]
 */

const fs = require('node:fs');
const path = require('node:path');
const { bucketOf } = require('./summarize');

const IOREDIS = 'ioredis (commands, replies)';
const BUS = 'bus (libs/bus, BullMQ: the gateway its client, a service its server)';
const SOCKETS = 'sockets and HTTP (node:net, node:http, streams, writes)';

/**
 * Stages by the frames they recognise (`url` of the frame, else its function
 * name). A sample belongs to the stage of the frame nearest its leaf that any
 * stage recognises (the first stage listed, when several do): a Fastify hook
 * that calls the next one synchronously is on the stack of everything after
 * it, so the outermost match would blame it for the rest of the request.
 * Socket writes and reads count for the client that made them when one does
 * (`ownsSockets`: ioredis, pg, the bus); otherwise (HTTP replies) for sockets.
 * @type {Array<{ stage: string, url?: RegExp, fn?: RegExp, ownsSockets?: boolean, generic?: boolean }>}
 */
const STAGES = [
  { stage: 'garbage collection', fn: /^\(garbage collector\)$/ },
  { stage: IOREDIS, url: /node_modules\/(ioredis|redis-parser|@ioredis)\//, ownsSockets: true },
  { stage: 'request log (capture, redaction, entry)', url: /api-gateway\/src\/request-logs\// },
  { stage: 'metrics (prom-client)', url: /node_modules\/prom-client\/|\/metrics\// },
  { stage: 'auth (API key cache, hashing)', url: /api-gateway\/src\/auth\// },
  { stage: 'rate limit', url: /api-gateway\/src\/rate-limit\// },
  { stage: 'idempotency', url: /api-gateway\/src\/idempotency\// },
  { stage: 'load shedding', url: /api-gateway\/src\/load-shedding\// },
  { stage: 'validation (pipes, class-validator, class-transformer)', url: /node_modules\/(class-validator|class-transformer)\/|validation/ },
  { stage: BUS, url: /libs\/bus\/|node_modules\/bullmq\//, ownsSockets: true },
  { stage: 'logging (pino)', url: /node_modules\/(pino|nestjs-pino|pino-http|sonic-boom)/ },
  { stage: 'response serialisation', fn: /^(serialize|stringify)$/ },
  { stage: 'NestJS pipeline (router, guards, interceptors, params)', url: /node_modules\/@nestjs\/(core|common|platform-fastify|microservices)\// },
  { stage: 'Fastify (routing, hooks, reply)', url: /node_modules\/(fastify|find-my-way|avvio|@fastify)\// },
  { stage: 'Postgres client (pg, TypeORM, libs/persistence)', url: /node_modules\/(pg|pg-pool|pg-protocol|typeorm)\/|libs\/persistence\//, ownsSockets: true },
  { stage: SOCKETS, url: /^node:(_http|http|net|internal\/stream|stream|internal\/streams|internal\/stream_base)/, generic: true },
  { stage: SOCKETS, fn: /^(writev|writeBuffer|writeUtf8String|writeLatin1String|onStreamRead)$/, generic: true },
  { stage: 'timers, promises, microtasks', fn: /^(runMicrotasks|processTicksAndRejections|processTimers|listOnTimeout)$/ },
  { stage: 'the app’s own code (controllers, presenters, libs)', url: /dist\/(apps|libs)\// },
  { stage: 'native, not attributed', fn: /^\(program\)$/ },
];

/** @param {{ url?: RegExp, fn?: RegExp }} rule @param {{ url: string, functionName: string }} frame */
function stageMatches(rule, frame) {
  if (rule.url && rule.url.test(frame.url)) return true;
  return Boolean(rule.fn && rule.fn.test(frame.functionName));
}

/**
 * The stage of one sample, from its stack (leaf first).
 * @param {Array<{ url: string, functionName: string }>} stack
 */
function stageOf(stack) {
  /** @type {string | undefined} */
  let generic;
  for (const frame of stack) {
    const rule = STAGES.find((candidate) => stageMatches(candidate, frame));
    if (!rule || (rule.generic && generic !== undefined)) continue;
    if (rule.generic) generic = rule.stage;
    else return generic === undefined || rule.ownsSockets ? rule.stage : generic;
  }
  return generic ?? `other: ${bucketOf(stack[0])}`;
}

/**
 * The hop's share of a path: the bus and ioredis stages of every app (the
 * gateway's side and the service's) and Redis's own CPU, µs per request.
 * An upper bound: the gateway's ioredis also sends the rate limit's hits.
 * @param {Record<string, Map<string, number>>} stageUsByApp @param {number} redisUs
 */
function hopUs(stageUsByApp, redisUs) {
  let sum = redisUs;
  for (const stages of Object.values(stageUsByApp)) sum += (stages.get(BUS) ?? 0) + (stages.get(IOREDIS) ?? 0);
  return sum;
}

/**
 * Busy samples inside the windows, counted by stage and by self package.
 * @param {{ nodes: Array<{ id: number, callFrame: { url: string, functionName: string }, children?: number[] }>, samples: number[], timeDeltas: number[], startTime: number }} profile
 * @param {Array<[number, number]>} windows monotonic µs, [from, to)
 */
function stagesIn(profile, windows) {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  /** @type {Map<number, string>} */
  const stageOfNode = new Map();
  /** @type {Map<string, number>} */
  const stages = new Map();
  /** @type {Map<string, number>} */
  const self = new Map();
  let busy = 0;
  let time = profile.startTime;
  profile.samples.forEach((id, i) => {
    time += profile.timeDeltas[i] ?? 0;
    if (!windows.some(([from, to]) => time >= from && time < to)) return;
    const node = nodes.get(id);
    if (!node || node.callFrame.functionName === '(idle)') return;
    busy += 1;
    let stage = stageOfNode.get(id);
    if (stage === undefined) {
      const stack = [];
      for (let current = /** @type {number | undefined} */ (id); current !== undefined; current = parent.get(current)) {
        const frame = nodes.get(current)?.callFrame;
        if (frame) stack.push(frame);
      }
      stage = stageOf(stack);
      stageOfNode.set(id, stage);
    }
    stages.set(stage, (stages.get(stage) ?? 0) + 1);
    const own = bucketOf(node.callFrame);
    self.set(own, (self.get(own) ?? 0) + 1);
  });
  return { busy, stages, self };
}

/**
 * µs per request of each stage: its share of the busy samples times the CPU µs per request.
 * @param {Map<string, number>} counts @param {number} busy @param {number} cpuUsPerRequest
 * @returns {Array<[string, number]>} largest first
 */
function perRequest(counts, busy, cpuUsPerRequest) {
  if (busy === 0) return [];
  return [...counts].map(([name, n]) => /** @type {[string, number]} */ ([name, (n / busy) * cpuUsPerRequest])).sort((a, b) => b[1] - a[1]);
}

if (require.main === module) {
  const [windowsFile, dir, rows = '20'] = process.argv.slice(2);
  if (!windowsFile || !dir) {
    process.stderr.write('usage: node tools/profile/per-request.js <windows.json> <profile dir> [rows]\n');
    process.exit(2);
  }
  /** @type {{ apps: Record<string, string>, paths: Record<string, { windows: Array<[number, number]>, requests: number, cpuSeconds: Record<string, number> }> }} */
  const run = JSON.parse(fs.readFileSync(windowsFile, 'utf8'));
  const profiles = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.cpuprofile'))
    .map((file) => ({ app: run.apps[/\.(\d+)\.\d+\.\d+\.cpuprofile$/.exec(file)?.[1] ?? ''], file }))
    .filter(({ app }) => app !== undefined);
  /** @type {Record<string, Record<string, Map<string, number>>>} each path's µs per request by stage, by app */
  const stageUs = {};
  for (const { app, file } of profiles) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    for (const [name, load] of Object.entries(run.paths)) {
      if (load.cpuSeconds[app] === undefined) continue;
      const cpuUs = ((load.cpuSeconds[app] ?? 0) * 1e6) / load.requests;
      const { busy, stages, self } = stagesIn(profile, load.windows);
      stageUs[name] = { ...stageUs[name], [app]: new Map(perRequest(stages, busy, cpuUs)) };
      /** @param {Map<string, number>} counts */
      const table = (counts) =>
        perRequest(counts, busy, cpuUs)
          .slice(0, Number(rows))
          .map(([stage, us]) => `${us.toFixed(1).padStart(8)} µs  ${stage}`)
          .join('\n');
      process.stdout.write(
        `\n== ${app}, ${name}: ${cpuUs.toFixed(0)} µs CPU per request, ${busy} busy samples\n-- by stage\n${table(stages)}\n-- self, by package\n${table(self)}\n`,
      );
    }
  }
  process.stdout.write('\n');
  for (const [name, load] of Object.entries(run.paths)) {
    const redisUs = ((load.cpuSeconds.redis ?? 0) * 1e6) / load.requests;
    process.stdout.write(`the hop, ${name}: ${hopUs(stageUs[name] ?? {}, redisUs).toFixed(0)} µs per request (bus and ioredis of every app, Redis ${redisUs.toFixed(0)})\n`);
  }
}

module.exports = { STAGES, stageOf, stagesIn, perRequest, hopUs };
