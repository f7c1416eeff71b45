/**
 * Deliveries through the gateway over HTTP, on the real system (issue 5):
 * create and retrieve latency, and how late the test-timeline steps fire with
 * 1,000 test deliveries running. See bench/README.md "Deliveries".
 */
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { createRedis } from '@sdd/common';
import { metricValue } from '@sdd/testing';
import { App, cpuMsPer, cpuSeconds, log, pool, registerMerchant, residentMb, runBench, sleep, Stat, stat, withBenchSystem } from '../bench-system';
import { countsPerUnit, describePerUnit, wholePerUnit } from '../operation-counts';
import { enableStatementCounts, PG_STATS_SETTLE_MS, readServerCounts, tableBytes } from '../server-counts';

const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 1000);
const INFLIGHT = Number(process.env.BENCH_INFLIGHT ?? 20);
const RETRIEVES = Number(process.env.BENCH_RETRIEVES ?? 2 * DELIVERIES);
const SPEED = Number(process.env.BENCH_TIMELINE_SPEED ?? 8);
const SETTLE_MS = 5000;
const APPS = ['api-gateway', 'quote-service', 'delivery-service'] as const;
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
/** The steps that run as timeline jobs and leave a trace: `pending` writes no event, so its time is not observable. */
const EVENT_STEPS: Record<string, string> = {
  'delivery.driver_assigned': 'driver_assigned',
  'delivery.picked_up': 'picked_up',
  'delivery.in_transit': 'in_transit',
  'delivery.delivered': 'delivered',
};

/** Mean of a histogram's observations per pattern, in ms, from one app's /metrics text. */
function meansByPattern(text: string, metric: string, labels: Record<string, string> = {}): Map<string, { ms: number; count: number }> {
  const means = new Map<string, { ms: number; count: number }>();
  const patterns = new Set([...text.matchAll(new RegExp(`^${metric}_count\\{[^}]*pattern="([^"]+)"`, 'gm'))].map((match) => match[1]));
  for (const pattern of patterns) {
    const sum = metricValue(text, `${metric}_sum`, { ...labels, pattern }) ?? 0;
    const count = metricValue(text, `${metric}_count`, { ...labels, pattern }) ?? 0;
    if (count > 0) means.set(pattern, { ms: (sum / count) * 1000, count });
  }
  return means;
}

/**
 * Where a create's time goes, from each app's own /metrics: the mean time of
 * each bus request it made (sdd_bus_request_duration_seconds), and for those
 * it answered, the mean wait for a worker and the handler's own time.
 */
async function busRequestMeans(apps: App[]): Promise<string[]> {
  const lines: string[] = [];
  for (const [i, app] of apps.entries()) {
    const text = await (await fetch(`http://127.0.0.1:${app.opsPort}/metrics`)).text();
    for (const [pattern, { ms, count }] of meansByPattern(text, 'sdd_bus_request_duration_seconds', { outcome: 'ok' })) {
      lines.push(`${APPS[i]} asked ${pattern}: ${ms.toFixed(1)} ms (${count})`);
    }
    const handled = meansByPattern(text, 'sdd_bus_handler_duration_seconds', { outcome: 'ok' });
    for (const [pattern, { ms, count }] of meansByPattern(text, 'sdd_bus_request_wait_seconds')) {
      lines.push(`${APPS[i]} answered ${pattern}: waited ${ms.toFixed(1)} ms, handled in ${handled.get(pattern)?.ms.toFixed(1) ?? '?'} ms (${count})`);
    }
  }
  return lines;
}

async function main(): Promise<void> {
  const options = { name: 'del', apps: APPS, env: (baseUrl: string) => ({ TIMELINE_SPEED: String(SPEED), PUBLIC_BASE_URL: baseUrl }) };
  await withBenchSystem(options, async ({ prefix, postgresUrl, redisUrl, call, defer, apps }) => {
    const redis = createRedis(redisUrl, { maxRetriesPerRequest: 3 });
    defer(() =>
      redis.quit().then(
        () => undefined,
        () => undefined,
      ),
    );
    const { key } = await registerMerchant(call, 'Bench Deliveries Co', prefix);
    const pg = new Client({ connectionString: postgresUrl });
    // Closed before the bench's Postgres stops: a connection it terminates would be an unhandled 'error'.
    defer(() => pg.end().catch(() => undefined));
    await pg.connect();
    const statementsCounted = await enableStatementCounts(pg);
    const counts = () => readServerCounts(redis, pg, statementsCounted);

    // What the idle system does (background tasks), over the wait that lets Postgres' counters settle before the run's first reading.
    const idleBefore = await counts();
    await sleep(PG_STATS_SETTLE_MS);
    const runBefore = await counts();
    const idlePerSecond = countsPerUnit(idleBefore, runBefore, PG_STATS_SETTLE_MS / 1000);
    const runStart = Date.now();

    // Quotes first, untimed.
    const quotes: string[] = [];
    await pool(DELIVERIES, INFLIGHT, async (i) => {
      const quote = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: DROPOFF });
      if (quote.status !== 200) throw new Error(`quote failed: ${quote.status} ${JSON.stringify(quote.body)}`);
      quotes[i] = quote.body.id as string;
    });
    log(`${quotes.length} quotes made; creating ${DELIVERIES} deliveries, ${INFLIGHT} in flight`);

    // Creates, timed.
    const createMs: number[] = [];
    const due = new Map<string, Map<string, number>>(); // delivery id → step → due time (ms)
    let createErrors = 0;
    const createStart = Date.now();
    const cpuBefore = cpuSeconds(apps, true);
    const createBefore = await counts();
    await pool(DELIVERIES, INFLIGHT, async (i) => {
      const t0 = process.hrtime.bigint();
      const created = await call('POST', '/v1/deliveries', key, { quote_id: quotes[i], customer: { name: 'Sam', phone: '416 555 0142' } });
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (created.status !== 201) {
        createErrors += 1;
        log(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
        return;
      }
      createMs.push(ms);
      const timeline = created.body.simulated_timeline as Array<{ status: string; at: string }>;
      due.set(created.body.id as string, new Map(timeline.map((step) => [step.status, Date.parse(step.at)])));
    });
    const createSeconds = (Date.now() - createStart) / 1000;
    // CPU per creation while the creates ran (the timelines of those already created run meanwhile): each app, the bench's client, the whole machine.
    const createCpuMs = cpuMsPer(cpuBefore, cpuSeconds(apps, true), DELIVERIES);
    const redisCommands = countsPerUnit(createBefore, await counts(), DELIVERIES).redisByCommand;
    const busTimes = await busRequestMeans(apps);
    log(`created ${due.size} in ${createSeconds.toFixed(1)} s; retrieving ${RETRIEVES}`);

    // Retrieves of random deliveries, timed (the timeline keeps running meanwhile).
    const ids = [...due.keys()];
    const retrieveMs: number[] = [];
    let retrieveErrors = 0;
    await pool(RETRIEVES, INFLIGHT, async () => {
      const id = ids[Math.floor(Math.random() * ids.length)];
      const t0 = process.hrtime.bigint();
      const got = await call('GET', `/v1/deliveries/${id}`, key);
      const ms = Number(process.hrtime.bigint() - t0) / 1e6;
      if (got.status !== 200 || got.body.id !== id) {
        retrieveErrors += 1;
        return;
      }
      retrieveMs.push(ms);
    });

    // Wait for the last delivered step plus a margin, then read what happened when.
    const lastDue = Math.max(...[...due.values()].map((steps) => steps.get('delivered') ?? 0));
    const waitMs = Math.max(0, lastDue + SETTLE_MS - Date.now());
    log(`waiting ${(waitMs / 1000).toFixed(1)} s for the last timeline to finish`);
    await sleep(waitMs);
    // Everything a delivery cost the servers over its whole life (quote, creation, timeline steps, events, the run's reads), once Postgres' counters settled.
    const runSeconds = (Date.now() - runStart) / 1000;
    await sleep(PG_STATS_SETTLE_MS);
    const perDelivery = countsPerUnit(runBefore, await counts(), DELIVERIES);
    const schema = `"${prefix}_deliveries"`;
    const { rows: events } = await pg.query<{ delivery_id: string; type: string; created_at: Date }>(
      `SELECT delivery_id, type, created_at FROM ${schema}.outbox_events WHERE type = ANY($1)`,
      [Object.keys(EVENT_STEPS)],
    );
    const { rows: statuses } = await pg.query<{ status: string; n: number }>(`SELECT status, count(*)::int AS n FROM ${schema}.deliveries GROUP BY status`);
    const byStep: Record<string, number[]> = {};
    const all: number[] = [];
    for (const event of events) {
      const step = EVENT_STEPS[event.type];
      const dueAt = due.get(event.delivery_id)?.get(step);
      if (dueAt === undefined) continue;
      const lateness = event.created_at.getTime() - dueAt;
      (byStep[step] ??= []).push(lateness);
      all.push(lateness);
    }
    const delivered = statuses.find((s) => s.status === 'delivered')?.n ?? 0;
    const bytesPerDelivery = wholePerUnit(await tableBytes(pg, prefix), DELIVERIES);

    // Most deliveries live at once: created, and not yet due to be delivered.
    const edges: Array<[number, number]> = [];
    for (const steps of due.values()) edges.push([steps.get('created') ?? 0, 1], [steps.get('delivered') ?? 0, -1]);
    edges.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let live = 0;
    let peakActive = 0;
    for (const [, change] of edges) peakActive = Math.max(peakActive, (live += change));

    const result = {
      deliveries: DELIVERIES,
      inflight: INFLIGHT,
      timelineSpeed: SPEED,
      cores: cpus().length,
      loadavg1: Math.round(loadavg()[0] * 100) / 100,
      create: { ...stat(createMs), errors: createErrors, seconds: Math.round(createSeconds * 10) / 10, cpuMs: createCpuMs, redisCommands },
      perDelivery: { ...perDelivery, retrievesPerDelivery: Math.round((RETRIEVES / DELIVERIES) * 100) / 100, runSeconds: Math.round(runSeconds) },
      idlePerSecond,
      bytesPerDelivery,
      retrieve: { ...stat(retrieveMs), errors: retrieveErrors },
      peakActive,
      delivered,
      statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      latenessMs: { all: stat(all), ...Object.fromEntries(Object.entries(byStep).map(([step, values]) => [step, stat(values)])) },
      residentMb: Object.fromEntries(apps.map((app, i) => [APPS[i], Math.round(residentMb(app.child.pid as number))])),
    };

    const row = (label: string, s: Stat) =>
      `${label.padEnd(26)}${String(s.n).padStart(6)}${s.p50.toFixed(1).padStart(10)}${s.p99.toFixed(1).padStart(10)}${s.max.toFixed(1).padStart(10)}`;
    console.log(`\nDeliveries over HTTP: ${DELIVERIES} test deliveries, ${INFLIGHT} in flight, TIMELINE_SPEED=${SPEED}, ${cpus().length} cores`);
    console.log(`${''.padEnd(26)}${'n'.padStart(6)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'max ms'.padStart(10)}`);
    console.log(row('POST /v1/deliveries', result.create));
    console.log(row('GET /v1/deliveries/{id}', result.retrieve));
    for (const step of Object.values(EVENT_STEPS)) if (byStep[step]) console.log(row(`late: ${step}`, result.latenessMs[step as 'all']));
    console.log(row('late: all observed steps', result.latenessMs.all));
    console.log(
      `create errors ${createErrors}, retrieve errors ${retrieveErrors}; delivered ${delivered}/${DELIVERIES}; ` +
        `peak active ${peakActive}; creates took ${result.create.seconds} s`,
    );
    console.log(
      `resident memory after the load, MB: ${Object.entries(result.residentMb)
        .map(([app, mb]) => `${app} ${mb}`)
        .join(', ')}`,
    );
    console.log(
      `CPU per creation while creating, ms: ${Object.entries(createCpuMs)
        .map(([name, ms]) => `${name} ${ms}`)
        .join(', ')}`,
    );
    console.log(
      `Redis commands per creation while creating (scripts' inner commands counted too): ${Object.entries(redisCommands)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
    );
    console.log(
      `per delivery over the whole run (its quote, creation and timeline, ${result.perDelivery.retrievesPerDelivery} reads, ${result.perDelivery.runSeconds} s of background): ` +
        describePerUnit(perDelivery),
    );
    console.log(
      `  Redis commands per delivery: ${Object.entries(perDelivery.redisByCommand)
        .map(([name, n]) => `${name} ${n}`)
        .join(', ')}`,
    );
    console.log(`background of the idle system, per second: ${describePerUnit(idlePerSecond)}`);
    console.log(
      `tables on disk per delivery (the schema of each app), bytes: ${Object.entries(bytesPerDelivery)
        .map(([table, bytes]) => `${table} ${bytes}`)
        .join(', ')}`,
    );
    console.log('bus requests during the creates, mean (count):');
    for (const line of busTimes) console.log(`  ${line}`);
    console.log(`RESULT ${JSON.stringify(result)}`);
    if (createErrors + retrieveErrors > 0 || delivered !== DELIVERIES) process.exitCode = 1;
  });
}

runBench(main);
