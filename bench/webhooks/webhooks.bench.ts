/**
 * Signed webhook deliveries per second from webhook-dispatcher to a local
 * HTTPS receiver (issue 6), on the real system: delivery events are offered
 * on the bus through the intake pattern, the way delivery-service's outbox
 * relay offers them (one request at a time, each with up to 100 of the
 * events waiting), and each goes through fan-out, a queued attempt, signing,
 * the HTTPS request and the attempt log. Then the same from real deliveries
 * (real-deliveries.ts), and a bare Node sender (bare-sender.ts), all to one
 * receiver in a process of its own verifying every signature
 * (signed-receiver.ts). See bench/README.md "Webhooks".
 */
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { cpus, loadavg } from 'node:os';
import { Client } from 'pg';
import { BusClient } from '@sdd/bus';
import { createRedis } from '@sdd/common';
import { DeliveryEvent, DELIVERY_EVENT_BATCH_MAX, EventType, Pattern } from '@sdd/contracts';
import { DeliveryResource } from '@sdd/public-api';
import { writeCaFile } from '@sdd/testing';
import { countsPerUnit, describePerUnit, wholePerUnit } from '../operation-counts';
import { enableStatementCounts, PG_STATS_SETTLE_MS, readServerCounts, tableBytes } from '../server-counts';
import { App, log, machineCpuSeconds, memoryOf, processCpuSeconds, registerMerchant, runBench, sleep, Stat, stat, withBenchSystem } from '../bench-system';
import { aboveBound, breakdownLine } from '../memory-breakdown';
import { RESIDENT_BOUND_MB } from '../summary';
import { sendBare } from './bare-sender';
import { runRealDeliveries } from './real-deliveries';
import { receiverAppEnv, SignedReceiver } from './signed-receiver.client';

/** Events published at once, as fast as the bus takes them: the dispatcher's ceiling. */
const BURST = Number(process.env.BENCH_EVENTS ?? 20000);
/** Then a steady offered load, above the 2,000/s target, so the figure shows whether that is sustained rather than echoing the offer. */
const RATE = Number(process.env.BENCH_RATE ?? 2500);
const SUSTAIN_SECONDS = Number(process.env.BENCH_SUSTAIN_SECONDS ?? 10);
const WARMUP = 500;
/** Events per offer and offers in flight: the relay's own by default (one lane, up to 100 per offer); 1 and 100 measure single-event offers. */
const PUBLISH_BATCH = Number(process.env.BENCH_PUBLISH_BATCH ?? DELIVERY_EVENT_BATCH_MAX);
const PUBLISH_LANES = Number(process.env.BENCH_PUBLISH_LANES ?? 1);
/** quote-service and delivery-service make the real deliveries' events. */
const APPS = ['api-gateway', 'quote-service', 'delivery-service', 'webhook-dispatcher'] as const;
/** The dispatcher-only phases' endpoint, and its group at the receiver. */
const BUS_GROUP = '/bench';
/** Webhooks from real deliveries: test deliveries made by this many clients, each event to this many endpoints of one host. */
const DELIVERIES = Number(process.env.BENCH_WEBHOOK_DELIVERIES ?? 1000);
const CLIENTS = Number(process.env.BENCH_WEBHOOK_CLIENTS ?? 20);
const ENDPOINTS = Number(process.env.BENCH_WEBHOOK_ENDPOINTS ?? 16);
const TIMELINE_SPEED = Number(process.env.BENCH_TIMELINE_SPEED ?? 8);
/** The bare sender: requests in flight, and for how long. */
const BARE_INFLIGHT = Number(process.env.BENCH_BARE_INFLIGHT ?? 64);
const BARE_SECONDS = Number(process.env.BENCH_BARE_SECONDS ?? 5);

function deliveryView(id: string, now: string): DeliveryResource {
  const stop = (name: string, address: string, postalCode: string, lat: number, lng: number) => ({
    address,
    city: 'Toronto',
    state: 'ON',
    postalCode,
    country: 'CA',
    name,
    phone: '+14165550142',
    lat,
    lng,
  });
  return {
    id,
    mode: 'test',
    status: 'created',
    simulated: true,
    quote_id: `qt_${randomBytes(12).toString('hex')}`,
    order_id: null,
    price: 1245,
    fee: 1245,
    currency: 'cad',
    external_reference: 'order-10042',
    category: 'standard',
    description: 'Two boxes of books',
    metadata: { channel: 'web', cart: 'c_8812' },
    dropoff_notes: 'Leave with the concierge',
    tracking_url: `http://localhost:3000/track/${randomBytes(16).toString('hex')}`,
    pickup: stop('Queen St Books', '1 Queen St E, Toronto, ON M5C 2W5', 'M5C 2W5', 43.6525, -79.3789),
    dropoff: stop('Sam Rivera', '290 Bremner Blvd, Toronto, ON M5V 3L9', 'M5V 3L9', 43.6426, -79.3871),
    customer: { name: 'Sam Rivera', email: 'sam@example.ca' },
    scheduled_at: null,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Stands in for delivery-service's outbox relay: events join a waiting list
 * as they would the outbox (the publisher never waits for the dispatcher),
 * and each lane offers the oldest waiting, up to `batch`, one offer at a time.
 * An event not acknowledged fails the bench: the real relay would offer it again.
 */
function startRelay(bus: BusClient, batch: number, lanes: number) {
  const waiting: DeliveryEvent[] = [];
  let wakers: Array<() => void> = [];
  let stopped = false;
  let failure: Error | undefined;
  const lane = async () => {
    while (!stopped) {
      if (waiting.length === 0) {
        await new Promise<void>((resolve) => wakers.push(resolve));
        continue;
      }
      const events = waiting.splice(0, batch);
      const receipt = await bus.request(Pattern.IngestDeliveryEvents, { events });
      const acknowledged = new Set(receipt.acknowledged);
      const missed = events.filter((event) => !acknowledged.has(event.id));
      if (missed.length > 0) throw new Error(`${missed.length} of ${events.length} events were not acknowledged`);
    }
  };
  const running = Promise.all(
    Array.from({ length: lanes }, () =>
      lane().catch((error: Error) => {
        failure = error;
      }),
    ),
  );
  const wake = () => {
    const woken = wakers;
    wakers = [];
    for (const resolve of woken) resolve();
  };
  return {
    add(events: DeliveryEvent[]): void {
      waiting.push(...events);
      wake();
    },
    check(): void {
      if (failure) throw failure;
    },
    async stop(): Promise<void> {
      stopped = true;
      wake();
      await running;
    },
  };
}

async function main(): Promise<void> {
  const receiver = await SignedReceiver.start();
  const caFile = await writeCaFile(receiver.ca);

  const env = () => ({
    ...receiverAppEnv(caFile),
    TIMELINE_SPEED: String(TIMELINE_SPEED),
    ...(process.env.WEBHOOK_CONCURRENCY ? { WEBHOOK_CONCURRENCY: process.env.WEBHOOK_CONCURRENCY } : {}),
    ...(process.env.DB_POOL_SIZE ? { DB_POOL_SIZE: process.env.DB_POOL_SIZE } : {}),
  });
  try {
    await withBenchSystem({ name: 'wh', apps: APPS, env }, async (system) => {
      const { prefix, postgresUrl, redisUrl, apps, call, defer } = system;
      const { merchantId, key } = await registerMerchant(call, 'Bench Webhooks Co', prefix);
      const webhook = await call('POST', '/v1/webhooks', key, { url: receiver.url(BUS_GROUP), events: ['*'] });
      if (webhook.status !== 201) throw new Error(`webhook registration failed: ${webhook.status} ${JSON.stringify(webhook.body)}`);
      await receiver.addEndpoints([{ path: BUS_GROUP, secret: webhook.body.secret as string, group: BUS_GROUP }]);

      const bus = new BusClient({ redisUrl, prefix });
      defer(() => bus.close());
      await bus.connect();
      const relay = startRelay(bus, PUBLISH_BATCH, PUBLISH_LANES);
      defer(() => relay.stop());
      const emitted = new Map<string, number>();
      const publish = (count: number) => {
        const events = Array.from({ length: count }, (): DeliveryEvent => {
          const now = new Date().toISOString();
          const deliveryId = `del_test_${randomBytes(12).toString('hex')}`;
          return {
            id: `evt_${randomBytes(12).toString('hex')}`,
            type: EventType.DeliveryCreated,
            created_at: now,
            delivery_id: deliveryId,
            merchant_id: merchantId,
            sequence: 1,
            data: { ...deliveryView(deliveryId, now) },
          };
        });
        const at = Date.now();
        for (const event of events) emitted.set(event.id, at);
        relay.add(events);
      };
      /** Every event published so far has arrived (the receiver counts each once). */
      const waitForAll = async (timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        for (let received = 0; received < emitted.size; received = (await receiver.report(BUS_GROUP)).unique) {
          relay.check();
          if (Date.now() > deadline) throw new Error(`${emitted.size - received} of ${emitted.size} events never arrived`);
          await sleep(50);
        }
      };

      log(`warming up with ${WARMUP} events`);
      publish(WARMUP);
      await waitForAll(60000);
      const warmupIds = new Set(emitted.keys());

      // The servers' own counts over the burst, each reading once Postgres' counters settled (server-counts.ts).
      const redis = createRedis(redisUrl, { maxRetriesPerRequest: 3 });
      defer(() =>
        redis.quit().then(
          () => undefined,
          () => undefined,
        ),
      );
      const counter = new Client({ connectionString: postgresUrl });
      defer(() => counter.end().catch(() => undefined));
      await counter.connect();
      const statementsCounted = await enableStatementCounts(counter);
      await sleep(PG_STATS_SETTLE_MS);
      const countsBefore = await readServerCounts(redis, counter, statementsCounted);

      log(`burst: ${BURST} events published at once`);
      const dispatcher = apps.find((app) => app.name === 'webhook-dispatcher') as App;
      const cpuBefore = { dispatcher: processCpuSeconds(dispatcher.child.pid as number), machine: machineCpuSeconds() };
      const burstStart = Date.now();
      publish(BURST);
      const burstIds = [...emitted.keys()].filter((id) => !warmupIds.has(id));
      await waitForAll(300000);
      // Per delivery of the burst: what the dispatcher alone costs, and what everything on the machine costs.
      const dispatcherCpuMs = ((processCpuSeconds(dispatcher.child.pid as number) - cpuBefore.dispatcher) * 1000) / BURST;
      const machineCpuMs = ((machineCpuSeconds() - cpuBefore.machine) * 1000) / BURST;
      let receivedAt = await receiver.arrivals(BUS_GROUP);
      const arrivals = burstIds.map((id) => receivedAt.get(id) as number).sort((a, b) => a - b);
      const burstSeconds = (arrivals[arrivals.length - 1] - burstStart) / 1000;
      // The middle 80% of arrivals: the rate once the pipeline is full and before it drains.
      const at10 = arrivals[Math.floor(arrivals.length * 0.1)];
      const at90 = arrivals[Math.floor(arrivals.length * 0.9)];
      const steadyRate = (arrivals.length * 0.8) / ((at90 - at10) / 1000);
      const burstRate = BURST / burstSeconds;
      await sleep(PG_STATS_SETTLE_MS);
      const perWebhook = countsPerUnit(countsBefore, await readServerCounts(redis, counter, statementsCounted), BURST);

      log(`sustained: ${RATE}/s offered for ${SUSTAIN_SECONDS} s`);
      const sustainedBefore = new Set(emitted.keys());
      const sustainStart = Date.now();
      const ticks = SUSTAIN_SECONDS * 100;
      for (let tick = 0; tick < ticks; tick += 1) {
        const due = Math.round(((tick + 1) * RATE) / 100) - Math.round((tick * RATE) / 100);
        publish(due);
        const next = sustainStart + (tick + 1) * 10;
        if (next > Date.now()) await sleep(next - Date.now());
      }
      const offeredSeconds = (Date.now() - sustainStart) / 1000;
      const sustainIds = [...emitted.keys()].filter((id) => !sustainedBefore.has(id));
      await waitForAll(120000);
      receivedAt = await receiver.arrivals(BUS_GROUP);
      const latencies = (ids: string[]) => ids.map((id) => (receivedAt.get(id) as number) - (emitted.get(id) as number));
      const sustainEnd = Math.max(...sustainIds.map((id) => receivedAt.get(id) as number));
      const sustainedRate = sustainIds.length / ((sustainEnd - sustainStart) / 1000);

      const pg = new Client({ connectionString: postgresUrl });
      await pg.connect();
      const schema = `"${prefix}_webhooks"`;
      const { rows: attempts } = await pg.query<{ event_id: string; duration_ms: number; succeeded: boolean }>(`SELECT event_id, duration_ms, succeeded FROM ${schema}.attempts`);
      const bytesPerWebhook = wholePerUnit(await tableBytes(pg, prefix), emitted.size);
      await pg.end();
      log(`webhooks from real deliveries: ${DELIVERIES} deliveries, ${CLIENTS} clients, ${ENDPOINTS} endpoints`);
      const fromDeliveries = await runRealDeliveries(system, receiver, { deliveries: DELIVERIES, clients: CLIENTS, endpoints: ENDPOINTS, timelineSpeed: TIMELINE_SPEED });
      // Every app after the loads that touch them (the bare sender below does not).
      const memory = await Promise.all(apps.map(async (app) => ({ app: app.name, breakdown: await memoryOf(app) })));

      log(`bare sender: ${BARE_INFLIGHT} signed 1 KB POSTs in flight for ${BARE_SECONDS} s`);
      const bareSecret = randomBytes(24).toString('hex');
      await receiver.addEndpoints([{ path: '/bare', secret: bareSecret, group: '/bare' }]);
      const bareCpu = () => {
        const own = process.cpuUsage();
        return { 'bare sender': (own.user + own.system) / 1e6, receiver: receiver.cpuSeconds(), machine: machineCpuSeconds() };
      };
      const bareBefore = bareCpu();
      const bare = await sendBare({ url: receiver.url('/bare'), ca: receiver.ca, secret: bareSecret, inflight: BARE_INFLIGHT, seconds: BARE_SECONDS });
      const bareAfter = bareCpu();
      const bareReceived = await receiver.report('/bare');
      const busReceived = await receiver.report(BUS_GROUP);
      const perBare = (name: keyof typeof bareBefore) => Math.round(((bareAfter[name] - bareBefore[name]) * 1000 * 1000) / Math.max(1, bare.sent)) / 1000;

      const burstSet = new Set(burstIds);
      const sustainSet = new Set(sustainIds);
      const failedAttempts = attempts.filter((attempt) => !attempt.succeeded).length;

      const result = {
        cores: cpus().length,
        loadavg1: Math.round(loadavg()[0] * 100) / 100,
        burst: {
          events: BURST,
          publishBatch: PUBLISH_BATCH,
          publishLanes: PUBLISH_LANES,
          seconds: Math.round(burstSeconds * 10) / 10,
          perSecond: Math.round(burstRate),
          steadyPerSecond: Math.round(steadyRate),
          sendMs: stat(attempts.filter((a) => burstSet.has(a.event_id)).map((a) => a.duration_ms)),
          dispatcherCpuMsPerDelivery: Math.round(dispatcherCpuMs * 1000) / 1000,
          machineCpuMsPerDelivery: Math.round(machineCpuMs * 1000) / 1000,
          perDispatcherCoreSecond: Math.round(1000 / dispatcherCpuMs),
          perWebhook,
        },
        sustained: {
          offeredPerSecond: RATE,
          offeredSeconds: Math.round(offeredSeconds * 10) / 10,
          events: sustainIds.length,
          deliveredPerSecond: Math.round(sustainedRate),
          endToEndMs: stat(latencies(sustainIds)),
          sendMs: stat(attempts.filter((a) => sustainSet.has(a.event_id)).map((a) => a.duration_ms)),
        },
        attempts: attempts.length,
        failedAttempts,
        bytesPerWebhook,
        residentMb: Object.fromEntries(memory.map(({ app, breakdown }) => [app, Math.round(breakdown.residentMb)])),
        duplicates: busReceived.duplicates,
        signaturesChecked: busReceived.requests,
        badSignatures: busReceived.badSignatures,
        fromDeliveries,
        bareSender: {
          inflight: BARE_INFLIGHT,
          seconds: Math.round(bare.seconds * 10) / 10,
          sent: bare.sent,
          failed: bare.failed,
          perSecond: Math.round(bare.sent / bare.seconds),
          received: bareReceived,
          cpuMsPerRequest: { 'bare sender': perBare('bare sender'), receiver: perBare('receiver'), machine: perBare('machine') },
        },
      };

      const row = (label: string, s: Stat) =>
        `${label.padEnd(34)}${String(s.n).padStart(7)}${s.p50.toFixed(1).padStart(9)}${s.p99.toFixed(1).padStart(9)}${s.max.toFixed(1).padStart(9)}`;
      console.log(`\nWebhooks: signed deliveries to a local HTTPS receiver, ${cpus().length} cores`);
      console.log(`events offered as the outbox relay does: ${PUBLISH_LANES} offer(s) in flight, up to ${PUBLISH_BATCH} events each`);
      console.log(
        `burst of ${BURST}: ${result.burst.perSecond}/s overall (all delivered in ${result.burst.seconds} s), ` +
          `${result.burst.steadyPerSecond}/s steady (middle 80% of arrivals)`,
      );
      console.log(
        `CPU per delivery (burst): dispatcher ${result.burst.dispatcherCpuMsPerDelivery} ms ` +
          `(${result.burst.perDispatcherCoreSecond} deliveries per dispatcher core-second), ` +
          `whole machine ${result.burst.machineCpuMsPerDelivery} ms (dispatcher, Postgres, Redis, receiver, publisher)`,
      );
      console.log(`per webhook (burst, its offer on the bus included): ${describePerUnit(perWebhook)}`);
      console.log(
        `tables on disk per webhook (the schema of each app), bytes: ${Object.entries(bytesPerWebhook)
          .map(([table, bytes]) => `${table} ${bytes}`)
          .join(', ')}`,
      );
      console.log(`sustained: ${RATE}/s offered for ${result.sustained.offeredSeconds} s → ${result.sustained.deliveredPerSecond}/s delivered`);
      console.log(`${''.padEnd(34)}${'n'.padStart(7)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'max ms'.padStart(9)}`);
      console.log(row('send (HTTPS request), burst', result.burst.sendMs));
      console.log(row('send (HTTPS request), sustained', result.sustained.sendMs));
      console.log(row('event published → received, sust.', result.sustained.endToEndMs));
      console.log(
        `attempts ${result.attempts}, failed ${failedAttempts}, duplicates ${result.duplicates}, ` +
          `signatures verified ${result.signaturesChecked} (bad ${result.badSignatures})`,
      );
      const real = result.fromDeliveries;
      console.log(
        `\nfrom real deliveries: ${real.deliveries} test deliveries by ${real.clients} clients (timeline speed ${TIMELINE_SPEED}), ` +
          `${real.endpoints} endpoints on one HTTPS host, ${real.events} events → ${real.expected} webhooks expected`,
      );
      console.log(
        `received ${real.received.unique} of ${real.expected} (lost ${real.expected - real.received.unique}), duplicates ${real.received.duplicates}, ` +
          `bad signatures ${real.received.badSignatures} of ${real.received.requests} verified`,
      );
      console.log(
        `received/s: ${Math.round(real.received.steadyPerSecond)} sustained (middle 80% of arrivals), ` +
          `${Math.round(real.perSecond)} overall (first creation → last webhook, ${real.seconds.toFixed(1)} s)`,
      );
      console.log(
        `CPU per delivered webhook, ms: ${Object.entries(real.cpuMsPerWebhook)
          .map(([name, ms]) => `${name} ${ms}`)
          .join(', ')}`,
      );
      const bareResult = result.bareSender;
      console.log(
        `\nbare Node sender, signed 1 KB HTTPS POSTs, ${BARE_INFLIGHT} in flight: ${bareResult.perSecond}/s ` +
          `(received ${bareResult.received.unique}, failed ${bareResult.failed}, bad signatures ${bareResult.received.badSignatures}); ` +
          `CPU per request, ms: ${Object.entries(bareResult.cpuMsPerRequest)
            .map(([name, ms]) => `${name} ${ms}`)
            .join(', ')}`,
      );
      console.log(
        `\nsigned webhooks/s to the same receiver, this run: dispatcher alone (bus) ${result.sustained.deliveredPerSecond} sustained, ` +
          `from real deliveries ${Math.round(real.received.steadyPerSecond)} sustained, bare sender ${bareResult.perSecond}`,
      );
      for (const { app, breakdown } of memory) console.log(`memory after load, MB: ${breakdownLine(app, breakdown)}`);
      const above = aboveBound(result.residentMb);
      if (above.length > 0) console.log(`ABOVE ${RESIDENT_BOUND_MB} MB resident after load: ${above.join(', ')}`);
      console.log(`RESULT ${JSON.stringify(result)}`);
      const realBroken = real.received.unique !== real.expected || real.received.duplicates > 0 || real.received.badSignatures > 0;
      const bareBroken = bare.failed > 0 || bareResult.received.badSignatures > 0 || bareResult.received.duplicates > 0;
      if (failedAttempts > 0 || result.badSignatures > 0 || result.duplicates !== 0 || realBroken || bareBroken) process.exitCode = 1;
    });
  } finally {
    await receiver.close();
    await rm(dirname(caFile), { recursive: true, force: true });
  }
}

runBench(main);
