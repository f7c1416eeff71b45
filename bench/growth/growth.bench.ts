/**
 * Cost as data grows (issue 35, item 3): the same figures on the empty
 * database and then, in the same run with the same client, after the growth
 * seed (bench/seed) loaded 1 M deliveries and 10 M webhook events
 * (BENCH_SEED_DELIVERIES, BENCH_SEED_EVENTS): creations per second,
 * `GET /v1/deliveries/{id}`, the deliveries list (first page and a later one
 * by cursor) and the events list under wrk, and the dispatcher's throughput on
 * a burst of events offered on the bus. Each seeded figure is printed beside
 * its empty one with the ratio, flagged outside 10 %, with the statements
 * whose mean time grew (pg_stat_statements) and the plans of the hot reads on
 * the seeded tables. See bench/README.md "Cost as data grows".
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { BusClient } from '@sdd/bus';
import { DeliveryEvent, DELIVERY_EVENT_BATCH_MAX, EventType, Pattern } from '@sdd/contracts';
import { DeliveryResource } from '@sdd/public-api';
import { writeCaFile } from '@sdd/testing';
import { BenchSystem, log, pool, registerMerchant, runBench, sleep, stat, withBenchSystem } from '../bench-system';
import { receiverAppEnv, SignedReceiver } from '../webhooks/signed-receiver.client';
import { ensureWrk, LoadResult, poolLoads, runWrk } from '../wrk';
import { seedGrowth, SeedReport } from '../seed/seed-growth';
import { parseSize, seedSizes } from '../seed/seed-plan';
import { compareFigure, Compared, Figure, formatComparison } from './growth-compare';
import { explainHotReads, statementMeans, StatementMean } from './statements';

const SIZES = seedSizes(process.env);
const CREATES = parseSize('BENCH_GROWTH_CREATES', process.env.BENCH_GROWTH_CREATES, 2000);
const INFLIGHT = 20;
const CONNECTIONS = 50;
const WARMUP_SECONDS = 2;
/** Each wrk load in turns of ROUND_SECONDS, ROUNDS of them, so the machine's drift falls on every load of the phase alike. */
const ROUNDS = 3;
const ROUND_SECONDS = 2;
/** The dispatcher-only burst (as bench:webhooks', smaller). */
const BURST = parseSize('BENCH_GROWTH_EVENTS', process.env.BENCH_GROWTH_EVENTS, 5000);
/** The later list page: the one after this many pages of 100 (within the phase's own creations). */
const LATER_PAGE_AFTER = Math.max(1, Math.min(5, Math.floor(CREATES / 100) - 1));
/** A creation the gateway sheds (503, at capacity) is tried again after this pause, as a client following Retry-After would, this many times at most. */
const SHED_PAUSE_MS = 200;
const SHED_TRIES = 50;
const APPS = ['api-gateway', 'quote-service', 'delivery-service', 'webhook-dispatcher'] as const;
const GROUP = '/growth';
const QUOTE = { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' };
const TIMELINE_SPEED = 8;

interface PhaseResult {
  /** `shed`: creations the gateway refused at capacity (503) and the bench tried again; their time counts in the rate, not in the latency. */
  create: { perSecond: number; p99Ms: number; errors: number; shed: number };
  loads: Record<string, LoadResult>;
  webhooks: { perSecond: number; steadyPerSecond: number; seconds: number };
  statements: StatementMean[];
}

/** The run's state the phases share: the merchant, the receiver's running total, the bench's bus client. */
interface Context {
  system: BenchSystem;
  key: string;
  merchantId: string;
  receiver: SignedReceiver;
  bus: BusClient;
  pg: Client;
  wrk: string;
  /** Webhooks the receiver should have had so far. */
  expected: number;
}

/** Waits until the receiver has had `count` webhooks of the group, or fails past the deadline. */
async function waitForReceived(receiver: SignedReceiver, count: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (let received = 0; received < count; received = (await receiver.report(GROUP)).unique) {
    if (Date.now() > deadline) throw new Error(`${count - received} of ${count} webhooks never arrived`);
    await sleep(100);
  }
}

/** A quote's id, its request tried again while shed. */
async function quoteOnce(ctx: Context): Promise<string> {
  let quote = await ctx.system.call('POST', '/v1/quotes', ctx.key, QUOTE);
  for (let tries = 1; quote.status === 503 && tries < SHED_TRIES; tries++) {
    await sleep(SHED_PAUSE_MS);
    quote = await ctx.system.call('POST', '/v1/quotes', ctx.key, QUOTE);
  }
  if (quote.status !== 200) throw new Error(`quote failed: ${quote.status} ${JSON.stringify(quote.body)}`);
  return quote.body.id as string;
}

/** Creations as bench:deliveries does (quotes first, untimed; then the creations, INFLIGHT at a time); resolves with their ids, newest last. */
async function create(ctx: Context, count: number): Promise<{ ids: string[]; result: PhaseResult['create'] }> {
  const { call } = ctx.system;
  const quotes: string[] = [];
  await pool(count, INFLIGHT, async (i) => {
    quotes[i] = await quoteOnce(ctx);
  });
  const ids: string[] = [];
  const ms: number[] = [];
  let errors = 0;
  let shed = 0;
  const start = Date.now();
  await pool(count, INFLIGHT, async (i) => {
    let t0 = process.hrtime.bigint();
    let created = await call('POST', '/v1/deliveries', ctx.key, { quote_id: quotes[i], customer: { name: 'Sam', phone: '416 555 0142' } });
    for (let tries = 1; created.status === 503 && tries < SHED_TRIES; tries++) {
      shed += 1;
      await sleep(SHED_PAUSE_MS);
      // A fresh quote: a 503 past a deadline may have claimed the first (its creation then is the merchant's to find, not the bench's).
      const quote = await quoteOnce(ctx);
      t0 = process.hrtime.bigint();
      created = await call('POST', '/v1/deliveries', ctx.key, { quote_id: quote, customer: { name: 'Sam', phone: '416 555 0142' } });
    }
    if (created.status !== 201) {
      errors += 1;
      log(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
      return;
    }
    ms.push(Number(process.hrtime.bigint() - t0) / 1e6);
    ids.push(created.body.id as string);
  });
  const seconds = (Date.now() - start) / 1000;
  return { ids, result: { perSecond: ids.length / seconds, p99Ms: stat(ms).p99, errors, shed } };
}

/** The cursor of the deliveries list after LATER_PAGE_AFTER pages of 100 (or the deepest there is, in the warm-up). */
async function laterCursor(ctx: Context): Promise<{ cursor: string; pages: number }> {
  let cursor: string | undefined;
  let pages = 0;
  while (pages < LATER_PAGE_AFTER) {
    const listed = await ctx.system.call('GET', `/v1/deliveries?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, ctx.key);
    const next = listed.body.next_cursor as string | null | undefined;
    if (listed.status !== 200 || !next) break;
    cursor = next;
    pages += 1;
  }
  if (!cursor) throw new Error('the deliveries list has no second page');
  return { cursor, pages };
}

/** The read loads under wrk, in turns. */
async function reads(ctx: Context, deliveryId: string): Promise<Record<string, LoadResult>> {
  const { baseUrl } = ctx.system;
  const headers = { authorization: `Bearer ${ctx.key}` };
  const { cursor, pages } = await laterCursor(ctx);
  log(`the later page: after ${pages} pages of 100`);
  const loads = [
    { path: 'GET /v1/deliveries/{id}', url: `${baseUrl}/v1/deliveries/${deliveryId}` },
    { path: 'GET /v1/deliveries (first page)', url: `${baseUrl}/v1/deliveries?limit=10` },
    { path: `GET /v1/deliveries (later page)`, url: `${baseUrl}/v1/deliveries?limit=10&cursor=${encodeURIComponent(cursor)}` },
    { path: 'GET /v1/events (first page)', url: `${baseUrl}/v1/events?limit=10` },
  ];
  for (const load of loads) await runWrk(ctx.wrk, { url: load.url, method: 'GET', headers, connections: CONNECTIONS, seconds: WARMUP_SECONDS });
  const runs = new Map<string, LoadResult[]>(loads.map((load) => [load.path, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const load of loads) runs.get(load.path)?.push(await runWrk(ctx.wrk, { url: load.url, method: 'GET', headers, connections: CONNECTIONS, seconds: ROUND_SECONDS }));
  }
  return Object.fromEntries([...runs].map(([path, pathRuns]) => [path, poolLoads(pathRuns)]));
}

/** BURST events of a real delivery offered on the bus as the outbox relay does (one offer at a time, up to 100 each); the rate they arrive signed at the receiver. */
async function burst(ctx: Context, delivery: DeliveryResource, count: number): Promise<PhaseResult['webhooks']> {
  const events = Array.from({ length: count }, (): DeliveryEvent => {
    const now = new Date().toISOString();
    return {
      id: `evt_${randomBytes(12).toString('hex')}`,
      type: EventType.DeliveryCreated,
      created_at: now,
      delivery_id: delivery.id,
      merchant_id: ctx.merchantId,
      sequence: 1,
      data: { ...delivery },
    };
  });
  const start = Date.now();
  for (let i = 0; i < events.length; i += DELIVERY_EVENT_BATCH_MAX) {
    const offered = events.slice(i, i + DELIVERY_EVENT_BATCH_MAX);
    const receipt = await ctx.bus.request(Pattern.IngestDeliveryEvents, { events: offered });
    if (receipt.acknowledged.length !== offered.length) throw new Error(`${offered.length - receipt.acknowledged.length} events not acknowledged`);
  }
  ctx.expected += count;
  await waitForReceived(ctx.receiver, ctx.expected, 300_000);
  const receivedAt = await ctx.receiver.arrivals(GROUP);
  const arrivals = events.map((event) => receivedAt.get(event.id) as number).sort((a, b) => a - b);
  const seconds = (arrivals[arrivals.length - 1] - start) / 1000;
  const steady = (arrivals.length * 0.8) / ((arrivals[Math.floor(arrivals.length * 0.9)] - arrivals[Math.floor(arrivals.length * 0.1)]) / 1000);
  return { perSecond: count / seconds, steadyPerSecond: steady, seconds };
}

/** One phase: `creates` creations, then (their timelines and webhooks done) the reads, then a burst of `events`. */
async function phase(ctx: Context, name: string, { creates, events: burstSize }: { creates: number; events: number }): Promise<PhaseResult> {
  await ctx.pg.query('SELECT pg_stat_statements_reset()').catch(() => undefined);
  log(`${name}: ${creates} creations, ${INFLIGHT} in flight`);
  const { ids, result: createResult } = await create(ctx, creates);
  // Every event of every delivery created reaches the merchant's endpoint; the reads start once they all did, so that nothing else runs beside them.
  const deadline = Date.now() + 300_000;
  const schema = `"${ctx.system.prefix}_deliveries"`;
  const unfinished = async () =>
    (await ctx.pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.deliveries WHERE id = ANY($1) AND status <> 'delivered'`, [ids])).rows[0].n;
  while ((await unfinished()) > 0) {
    if (Date.now() > deadline) throw new Error(`deliveries of ${name} never delivered`);
    await sleep(500);
  }
  const events = (await ctx.pg.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${schema}.outbox_events WHERE delivery_id = ANY($1)`, [ids])).rows[0].n;
  ctx.expected += events;
  await waitForReceived(ctx.receiver, ctx.expected, 300_000);
  const deliveryId = ids[ids.length - 1];
  log(`${name}: reads under wrk, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${ROUND_SECONDS} s each`);
  const loads = await reads(ctx, deliveryId);
  log(`${name}: a burst of ${burstSize} events on the bus`);
  const delivery = (await ctx.system.call('GET', `/v1/deliveries/${deliveryId}`, ctx.key)).body as unknown as DeliveryResource;
  const webhooks = await burst(ctx, delivery, burstSize);
  return { create: createResult, loads, webhooks, statements: await statementMeans(ctx.pg) };
}

function figures(empty: PhaseResult, seeded: PhaseResult): Compared[] {
  const list: Figure[] = [
    { name: 'POST /v1/deliveries, creations', unit: '/s', better: 'higher', empty: empty.create.perSecond, seeded: seeded.create.perSecond },
    { name: 'POST /v1/deliveries, p99', unit: 'ms', better: 'lower', empty: empty.create.p99Ms, seeded: seeded.create.p99Ms },
  ];
  for (const [path, load] of Object.entries(empty.loads)) {
    const other = seeded.loads[path];
    list.push({ name: path, unit: 'req/s', better: 'higher', empty: load.perSecond, seeded: other.perSecond });
    list.push({ name: `${path}, p99`, unit: 'ms', better: 'lower', empty: load.p99Ms, seeded: other.p99Ms });
  }
  list.push({ name: `webhooks, burst of ${BURST} (middle 80 %)`, unit: '/s', better: 'higher', empty: empty.webhooks.steadyPerSecond, seeded: seeded.webhooks.steadyPerSecond });
  list.push({ name: `webhooks, burst of ${BURST} (overall)`, unit: '/s', better: 'higher', empty: empty.webhooks.perSecond, seeded: seeded.webhooks.perSecond });
  return list.map(compareFigure);
}

/** Statements of both phases whose mean time grew by more than half and 0.05 ms: what a table's growth made slower. */
function grownStatements(empty: StatementMean[], seeded: StatementMean[]): string[] {
  const before = new Map(empty.map((s) => [s.query, s]));
  const grown: string[] = [];
  for (const s of seeded) {
    const was = before.get(s.query);
    if (!was || s.meanMs <= was.meanMs * 1.5 || s.meanMs - was.meanMs <= 0.05) continue;
    const change = (of: (m: StatementMean) => number, digits: number) => `${of(was).toFixed(digits)} → ${of(s).toFixed(digits)}`;
    grown.push(
      `${change((m) => m.meanMs, 3)} ms mean, ${change((m) => m.blocksPerCall, 1)} blocks/call (read ${change((m) => m.readsPerCall, 1)} in ${change((m) => m.readMsPerCall, 3)} ms), ` +
        `${s.calls} calls: ${s.query.replace(/\s+/g, ' ').slice(0, 220)}`,
    );
  }
  return grown;
}

async function main(): Promise<void> {
  const wrk = await ensureWrk(log);
  const receiver = await SignedReceiver.start();
  const caFile = await writeCaFile(receiver.ca);
  const env = () => ({
    ...receiverAppEnv(caFile),
    TIMELINE_SPEED: String(TIMELINE_SPEED),
  });
  try {
    await withBenchSystem({ name: 'growth', apps: APPS, env }, async (system) => {
      const { prefix, postgresUrl, redisUrl, call, defer } = system;
      const { merchantId, key } = await registerMerchant(call, 'Bench Growth Co', prefix);
      const webhook = await call('POST', '/v1/webhooks', key, { url: receiver.url(GROUP), events: ['*'] });
      if (webhook.status !== 201) throw new Error(`webhook registration failed: ${webhook.status} ${JSON.stringify(webhook.body)}`);
      await receiver.addEndpoints([{ path: GROUP, secret: webhook.body.secret as string, group: GROUP }]);
      const bus = new BusClient({ redisUrl, prefix });
      defer(() => bus.close());
      await bus.connect();
      const pg = new Client({ connectionString: postgresUrl });
      defer(() => pg.end().catch(() => undefined));
      await pg.connect();
      await pg.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements').catch(() => undefined);
      const ctx: Context = { system, key, merchantId, receiver, bus, pg, wrk, expected: 0 };

      // The apps' JIT warms up first, unmeasured: else the empty database's figures would carry it and the seeded ones look better.
      await phase(ctx, 'warm-up', { creates: Math.ceil(CREATES / 4), events: Math.ceil(BURST / 4) });
      const empty = await phase(ctx, 'empty database', { creates: CREATES, events: BURST });
      const template = (await pg.query<{ id: string }>(`SELECT id FROM "${prefix}_deliveries".deliveries WHERE merchant_id = $1 ORDER BY created_at LIMIT 1`, [merchantId]))
        .rows[0];
      log(`seeding ${SIZES.deliveries} deliveries and ${SIZES.events} events`);
      const seed: SeedReport = await seedGrowth(pg, SIZES, { prefix, merchantId, deliveryId: template.id, endpointId: webhook.body.id as string });
      log(`seeded in ${seed.seconds.toFixed(1)} s, vacuumed and checkpointed in ${seed.vacuumSeconds.toFixed(1)} s, ${(seed.bytesAdded / 2 ** 20).toFixed(0)} MB added`);
      // The same warm-up again, unmeasured: the empty phase ran on caches its warm-up had filled, and the seed and its vacuum have since filled them with the seeded tables.
      await phase(ctx, 'seeded warm-up', { creates: Math.ceil(CREATES / 4), events: Math.ceil(BURST / 4) });
      const seeded = await phase(ctx, 'seeded database', { creates: CREATES, events: BURST });
      const plans = await explainHotReads(pg, prefix, merchantId, webhook.body.id as string);

      const compared = figures(empty, seeded);
      const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
      console.log(
        `\nCost as data grows: ${CREATES} creations, wrk ${CONNECTIONS} connections ${ROUNDS}×${ROUND_SECONDS} s per read, ${cpus().length} cores, load average ${loadavg()[0].toFixed(2)}`,
      );
      console.log(
        `seed: ${Object.entries(seed.rows)
          .map(([table, n]) => `${table} ${n}`)
          .join(', ')}; ${seed.seconds.toFixed(1)} s, vacuum ${seed.vacuumSeconds.toFixed(1)} s, ${mb(seed.bytesAdded)} added`,
      );
      console.log(formatComparison(compared));
      console.log(`creations shed (503, tried again): empty ${empty.create.shed}, seeded ${seeded.create.shed}`);
      const grown = grownStatements(empty.statements, seeded.statements);
      console.log(`\nstatements slower on the seeded database (mean > 1.5× and +0.05 ms, pg_stat_statements): ${grown.length === 0 ? 'none' : ''}`);
      for (const line of grown) console.log(`  ${line}`);
      console.log('\nplans of the hot reads on the seeded database (EXPLAIN (ANALYZE, BUFFERS), the bench merchant):');
      for (const plan of plans) console.log(`  ${plan.name}: ${plan.summary}${plan.flags.length > 0 ? `  ← ${plan.flags.join(', ')}` : ''}`);
      const errors = empty.create.errors + seeded.create.errors + [empty, seeded].flatMap((p) => Object.values(p.loads)).reduce((sum, load) => sum + load.errors, 0);
      const round = (v: number) => Math.round(v * 100) / 100;
      console.log(
        `RESULT ${JSON.stringify({
          sizes: SIZES,
          seed,
          figures: compared.map((f) => ({ name: f.name, unit: f.unit, empty: round(f.empty), seeded: round(f.seeded), ratio: round(f.ratio), verdict: f.verdict })),
          slowerStatements: grown.length,
          planFlags: plans.flatMap((plan) => plan.flags.map((flag) => `${plan.name}: ${flag}`)),
          errors,
        })}`,
      );
      if (errors > 0) process.exitCode = 1;
    });
  } finally {
    await receiver.close();
    await rm(dirname(caFile), { recursive: true, force: true });
  }
}

runBench(main);
