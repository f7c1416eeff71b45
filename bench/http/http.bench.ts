/**
 * The HTTP read and quote paths under load (issue 16): `POST /v1/quotes` and
 * `GET /v1/deliveries/{id}` through the gateway, 50 connections for 10 s
 * each (wrk), beside the bare BullMQ round trip of the same run on the same
 * Redis, taken in turns (rounds of 2 s each) so the machine's drift falls on
 * all three alike, and each app's resident memory afterwards; the same two
 * requests on the monolith anchor (bench/monolith), in both its shapes (a
 * process per core, and split by one hop on our bus), take their turns in the
 * same rounds. See bench/README.md.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { apiClient, ApiCall, cpuMsPer, cpuSeconds, Json, log, memoryOf, registerMerchant, residentMb, runBench, stat, withBenchSystem } from '../bench-system';
import { aboveBound, breakdownLine } from '../memory-breakdown';
import { RESIDENT_BOUND_MB } from '../summary';
import { BODY, startBaseline, Transport } from '../bus/bare-round-trip';
import { ensureWrk, LoadResult, poolLoads, quantilesOf, runWrk } from '../wrk';
import { Monolith, startMonolith } from '../monolith/start-monolith';
import { ANCHOR_NAMES, MonolithShape } from '../monolith/anchor-names';

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
/** Turns each load takes, `SECONDS / ROUNDS` each (wrk counts whole seconds). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const ROUND_SECONDS = Math.max(1, Math.round(SECONDS / ROUNDS));
const APPS = ['api-gateway', 'quote-service', 'delivery-service'] as const;
const BARE = 'bare BullMQ round trip';
/** The monolith anchor's shapes, the process per core first, and their names (anchor-names.ts). */
const ANCHORS = (Object.entries(ANCHOR_NAMES) as Array<[MonolithShape, string]>).map(([shape, name]) => ({ shape, name }));
const anchorOf = (path: string) => ANCHORS.find(({ name }) => path.startsWith(`${name} `));
/** Where to write each path's measured windows, requests and CPU seconds by process, for tools/profile/per-request.js. */
const PROFILE_WINDOWS = process.env.BENCH_PROFILE_WINDOWS;
const QUOTE = { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' };

export interface PathResult extends LoadResult {
  path: string;
  /** CPU per request while loaded, ms: each app's and the whole machine's (wrk, Redis and Postgres included). */
  cpuMs?: Record<string, number>;
}

/** The bare round trip, closed loop: `inflight` lanes each sending the next request when the previous reply is in. */
async function bareRoundTrip(transport: Transport, inflight: number, seconds: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(seconds * 1e9));
  let next = 0;
  const lane = async () => {
    while (process.hrtime.bigint() < deadline) {
      const n = next++;
      const sent = process.hrtime.bigint();
      const reply = await transport.send({ n, body: BODY }).catch(() => undefined);
      if (reply?.n === n) latencies.push(Number(process.hrtime.bigint() - sent) / 1e6);
      else errors++;
    }
  };
  await Promise.all(Array.from({ length: inflight }, lane));
  const took = Number(process.hrtime.bigint() - start) / 1e9;
  const s = stat(latencies);
  const sorted = [...latencies].sort((a, b) => a - b);
  return { requests: s.n, seconds: took, perSecond: s.n / took, p50Ms: s.p50, p99Ms: s.p99, maxMs: s.max, errors, quantilesMs: quantilesOf(sorted) };
}

/** Sorted keys, nested: the shape of a JSON answer without its values. */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (typeof value !== 'object' || value === null) return typeof value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((name) => [name, shapeOf((value as Json)[name])]),
  );
}

/** The anchor answers what the services answer: a quote of the same shape, and the very delivery. */
async function sameShapes(servicesQuote: Json, servicesDelivery: Json, monolith: ApiCall, key: string, deliveryId: string): Promise<void> {
  const quote = await monolith('POST', '/v1/quotes', key, QUOTE);
  const delivery = await monolith('GET', `/v1/deliveries/${deliveryId}`, key);
  if (quote.status !== 200 || JSON.stringify(shapeOf(quote.body)) !== JSON.stringify(shapeOf(servicesQuote))) {
    throw new Error(`the monolith's quote differs from the services': ${quote.status} ${JSON.stringify(quote.body)}`);
  }
  if (delivery.status !== 200 || JSON.stringify(delivery.body) !== JSON.stringify(servicesDelivery)) {
    throw new Error(`the monolith's delivery differs from the services': ${delivery.status} ${JSON.stringify(delivery.body)}`);
  }
}

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : 'n/a');

async function main(): Promise<void> {
  const wrk = await ensureWrk(log);
  const options = { name: 'http', apps: APPS, env: (baseUrl: string) => ({ PUBLIC_BASE_URL: baseUrl }) };
  await withBenchSystem(options, async ({ prefix, postgresUrl, redisUrl, baseUrl, apps, call, defer }) => {
    const { key, merchantId } = await registerMerchant(call, 'Bench HTTP Co', prefix);
    const quote = await call('POST', '/v1/quotes', key, QUOTE);
    const created = await call('POST', '/v1/deliveries', key, { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
    if (created.status !== 201) throw new Error(`delivery not created: ${created.status} ${JSON.stringify(created.body)}`);
    const deliveryId = String(created.body.id);
    const read = await call('GET', `/v1/deliveries/${deliveryId}`, key);
    const monoliths = new Map<string, Monolith>();
    for (const { shape, name } of ANCHORS) {
      const monolith = await startMonolith({ shape, postgresUrl, redisUrl, prefix, key: { key, merchantId, mode: 'test' }, delivery: { id: deliveryId, resource: read.body } });
      defer(() => monolith.stop());
      await sameShapes(quote.body, read.body, apiClient(monolith.baseUrl), key, deliveryId);
      monoliths.set(name, monolith);
    }
    const auth = { authorization: `Bearer ${key}` };
    const paths = (origin: string, label = '') => [
      {
        path: `${label}POST /v1/quotes`,
        url: `${origin}/v1/quotes`,
        method: 'POST' as const,
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(QUOTE),
      },
      { path: `${label}GET /v1/deliveries/{id}`, url: `${origin}/v1/deliveries/${deliveryId}`, method: 'GET' as const, headers: auth },
    ];
    const loads = [...paths(baseUrl), ...[...monoliths].flatMap(([name, monolith]) => paths(monolith.baseUrl, `${name} `))];
    /** Each app's CPU, each anchor's (all its processes), Postgres's, Redis's and the machine's. */
    const cpuReading = () => ({ ...cpuSeconds(apps), ...Object.fromEntries([...monoliths].map(([name, monolith]) => [name, monolith.cpuSeconds()])) });
    const idleMemory = Object.fromEntries(apps.map((app, i) => [APPS[i], Math.round(residentMb(app.child.pid ?? 0))]));
    const loadBefore = loadavg()[0];
    const bare = await startBaseline(redisUrl, `${prefix}_bare`, CONNECTIONS, CONNECTIONS);
    const runs = new Map<string, LoadResult[]>([[BARE, []], ...loads.map((load): [string, LoadResult[]] => [load.path, []])]);
    /** Each path's CPU readings before and after its rounds, added up: their difference is its rounds' CPU. */
    const cpuReadings = new Map<string, { before: Record<string, number>; after: Record<string, number> }>();
    /** Each path's rounds on the monotonic clock the V8 profiles use, µs. */
    const windows = new Map<string, Array<[number, number]>>();
    const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
    const addUp = (sum: Record<string, number>, reading: Record<string, number>) => {
      for (const [name, seconds] of Object.entries(reading)) sum[name] = (sum[name] ?? 0) + seconds;
    };
    try {
      log(`warm-up ${WARMUP_SECONDS} s each: the bare BullMQ round trip, ${loads.map((load) => load.path).join(', ')}`);
      await bareRoundTrip(bare, CONNECTIONS, WARMUP_SECONDS);
      for (const load of loads) await runWrk(wrk, { ...load, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
      log(`${ROUNDS} rounds of ${ROUND_SECONDS} s each, ${CONNECTIONS} connections: the bare round trip, then each path`);
      for (let round = 0; round < ROUNDS; round++) {
        runs.get(BARE)?.push(await bareRoundTrip(bare, CONNECTIONS, ROUND_SECONDS));
        for (const load of loads) {
          const before = cpuReading();
          const from = monotonicUs();
          const loaded = await runWrk(wrk, { ...load, connections: CONNECTIONS, seconds: ROUND_SECONDS });
          windows.set(load.path, [...(windows.get(load.path) ?? []), [from, monotonicUs()]]);
          const after = cpuReading();
          runs.get(load.path)?.push(loaded);
          const readings = cpuReadings.get(load.path) ?? { before: {}, after: {} };
          addUp(readings.before, before);
          addUp(readings.after, after);
          cpuReadings.set(load.path, readings);
        }
      }
    } finally {
      await bare.close();
    }
    const results: PathResult[] = [...runs].map(([path, pathRuns]) => {
      const pooled = poolLoads(pathRuns);
      const readings = cpuReadings.get(path);
      // The services' loads leave the anchors idle and the other way round: each path shows the processes that served it.
      const anchor = anchorOf(path);
      const idle: string[] = [...(anchor ? APPS : []), ...ANCHORS.filter((other) => other !== anchor).map(({ name }) => name)];
      const served = (name: string) => !idle.includes(name);
      const cpuMs = readings ? Object.fromEntries(Object.entries(cpuMsPer(readings.before, readings.after, pooled.requests)).filter(([name]) => served(name))) : undefined;
      return { path, ...pooled, cpuMs };
    });
    if (PROFILE_WINDOWS) {
      const pathWindows = results
        .filter((r) => windows.has(r.path) && !anchorOf(r.path))
        .map((r) => {
          const { before, after } = cpuReadings.get(r.path) ?? { before: {}, after: {} };
          const cpu = Object.fromEntries(Object.keys(before).map((name) => [name, after[name] - before[name]]));
          return [r.path, { windows: windows.get(r.path), requests: r.requests, cpuSeconds: cpu }];
        });
      const pids = Object.fromEntries(apps.map((app, i) => [String(app.child.pid), APPS[i]]));
      writeFileSync(PROFILE_WINDOWS, JSON.stringify({ apps: pids, paths: Object.fromEntries(pathWindows) }));
      log(`profile windows written to ${PROFILE_WINDOWS}`);
    }
    const servicesResults = results.filter((r) => !anchorOf(r.path));
    const memory = Object.fromEntries(apps.map((app, i) => [APPS[i], Math.round(residentMb(app.child.pid ?? 0))]));
    const breakdowns = await Promise.all(apps.map(memoryOf));
    const [bareResult] = results;
    /** The path column: as wide as the longest path, and a space. */
    const pathWidth = Math.max(...results.map((r) => r.path.length)) + 1;
    const header = `${'path'.padEnd(pathWidth)}${'req/s'.padStart(8)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}${'errors'.padStart(8)}${'× bare'.padStart(8)}`;
    const row = (r: PathResult) =>
      `${r.path.padEnd(pathWidth)}${fixed(r.perSecond, 0).padStart(8)}${fixed(r.p50Ms, 1).padStart(9)}${fixed(r.p99Ms, 1).padStart(9)}` +
      `${fixed(r.maxMs, 1).padStart(9)}${String(r.errors).padStart(8)}${fixed(r.perSecond / bareResult.perSecond, 2).padStart(8)}`;
    console.log(`\nHTTP paths: ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s each, ${cpus().length} cores, load average ${fixed(loadBefore, 2)} before`);
    console.log(header);
    for (const result of results) console.log(row(result));
    /** Each services path beside the same path on one anchor. */
    const against = (name: string) =>
      servicesResults.filter((r) => r.path !== BARE).map((services) => ({ services, anchor: results.find((r) => r.path === `${name} ${services.path}`) as PathResult }));
    const ratioLine = (label: string, over: PathResult, under: PathResult) =>
      `${label.padEnd(pathWidth)}${fixed(over.perSecond, 0)} / ${fixed(under.perSecond, 0)} req/s = ${fixed(over.perSecond / under.perSecond, 2)}×, ` +
      `p99 ${fixed(over.p99Ms, 1)} / ${fixed(under.p99Ms, 1)} ms = ${fixed(over.p99Ms / under.p99Ms, 2)}×`;
    const [perCore, overBus] = ANCHORS.map(({ name }) => against(name));
    console.log(`\nservices / monolith anchor (one Fastify + pg process per core doing the same work), same run, same client:`);
    for (const { services, anchor } of perCore) console.log(ratioLine(services.path, services, anchor));
    console.log(`\nthe design card's hop: the monolith split by one hop on our bus (a front and a store process) / the monolith per core:`);
    for (const [i, { anchor }] of overBus.entries()) console.log(ratioLine(anchor.path, anchor, perCore[i].anchor));
    console.log(`\nservices / the monolith split by one hop (what the services do beyond the hop):`);
    for (const { services, anchor } of overBus) console.log(ratioLine(services.path, services, anchor));
    for (const result of results.filter((r) => r.cpuMs)) {
      console.log(
        `CPU per request, ${result.path}, ms: ${Object.entries(result.cpuMs ?? {})
          .map(([name, ms]) => `${name} ${ms}`)
          .join(', ')}`,
      );
    }
    console.log(`resident memory, MB, started → after load: ${APPS.map((app) => `${app} ${idleMemory[app]} → ${memory[app]}`).join(', ')}`);
    for (const [i, app] of APPS.entries()) console.log(`memory after load, MB: ${breakdownLine(app, breakdowns[i])}`);
    const above = aboveBound(memory);
    if (above.length > 0) console.log(`ABOVE ${RESIDENT_BOUND_MB} MB resident after load: ${above.join(', ')}`);
    const round = (v: number) => Math.round(v * 100) / 100;
    const toJson = (r: PathResult) => ({
      path: r.path,
      perSecond: round(r.perSecond),
      p50Ms: round(r.p50Ms),
      p99Ms: round(r.p99Ms),
      maxMs: round(r.maxMs),
      errors: r.errors,
      ratio: round(r.perSecond / bareResult.perSecond),
      cpuMs: r.cpuMs,
    });
    const json = servicesResults.map(toJson);
    const anchorJson = ({ anchor, services }: { anchor: PathResult; services: PathResult }) => ({
      ...toJson(anchor),
      servicesRatio: round(services.perSecond / anchor.perSecond),
      servicesP99Ratio: round(services.p99Ms / anchor.p99Ms),
    });
    const monolithJson = perCore.map(anchorJson);
    const overBusJson = overBus.map((pair, i) => ({
      ...anchorJson(pair),
      monolithRatio: round(pair.anchor.perSecond / perCore[i].anchor.perSecond),
      monolithP99Ratio: round(pair.anchor.p99Ms / perCore[i].anchor.p99Ms),
    }));
    console.log(
      `RESULT ${JSON.stringify({ connections: CONNECTIONS, seconds: ROUNDS * ROUND_SECONDS, rounds: ROUNDS, cores: cpus().length, paths: json, monolith: monolithJson, monolithOverBus: overBusJson, residentMb: memory, idleResidentMb: idleMemory })}`,
    );
    if (results.some((r) => r.errors > 0)) process.exitCode = 1;
  });
}

runBench(main);
