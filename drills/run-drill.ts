import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { verifyWebhook } from '@sdd/signing';
import { ReceivedWebhook, TestSystem, WebhookReceiver } from '@sdd/testing';
import { CarefulMerchant, Json, StatusTally } from './careful-merchant';
import { DrillConfig } from './drill-config';
import { DrillServers } from './drill-servers';
import { Receipt, SeenEvent, tallyEvents } from './event-tally';
import { FaultRun, injectFault } from './faults';
import { DrillMerchant, driveLoad, LoadProgress, LoadResult } from './merchant-load';
import { DeliveryTally, DrillFigures, judge } from './verdict';
import { tallyAnswers, tallyShedding } from './answer-log';
import { ANSWER_BOUND_MS, OverloadWatch } from './overload-watch';
import { setTimeout as sleep } from 'node:timers/promises';
import { LockWatch } from './replicas/lock-watch';
import { ReplicaSet } from './replicas/replica-set';
import { heapLimitDeaths } from './heap-limit';
import { PeakMemoryWatch } from './peak-memory-watch';

export interface DrillResult {
  figures: DrillFigures;
  /** Why it failed; empty when it passed. */
  reasons: string[];
}

export interface DrillOptions {
  /** Postgres and Redis to use (and leave running); else the drill starts its own in `dataDir` and stops them. */
  servers?: DrillServers;
  dataDir?: string;
  /** Processes of every app (1 by default); above 1, the gateway's behind a round-robin balancer (replicas/replica-set.ts). */
  replicas?: number;
  /** On servers of its own: the apps through PgBouncer (tools/infra/pgbouncer.js). */
  pgBouncer?: boolean;
  log?(message: string): void;
}

const POLL_MS = 2000;

/** Every item of a cursor-paginated list, or undefined if a page did not come (the system is not back yet). */
async function pageAll(client: CarefulMerchant, path: string): Promise<Json[] | undefined> {
  const items: Json[] = [];
  for (let cursor: string | undefined; ;) {
    const page = await client.send('GET', `${path}?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!('status' in page.outcome) || page.outcome.status !== 200) return undefined;
    items.push(...(page.body.data as Json[]));
    if (!page.body.has_more) return items;
    cursor = page.body.next_cursor as string;
  }
}

interface Snapshot {
  statuses: Map<string, string>;
  listed: SeenEvent[];
}

/** What the merchants see through the API: their deliveries' statuses, and the events listed. */
async function observe(merchants: readonly DrillMerchant[], withEvents: boolean): Promise<Partial<Snapshot>> {
  const statuses = new Map<string, string>();
  const listed: SeenEvent[] = [];
  for (const merchant of merchants) {
    const deliveries = await pageAll(merchant.client, '/v1/deliveries');
    if (!deliveries) return {};
    for (const delivery of deliveries) statuses.set(delivery.id as string, delivery.status as string);
    if (!withEvents) continue;
    const events = await pageAll(merchant.client, '/v1/events');
    if (!events) return { statuses };
    listed.push(...events.map((event) => ({ id: event.id as string, type: event.type as string, deliveryId: (event.data as Json).id as string })));
  }
  return withEvents ? { statuses, listed } : { statuses };
}

function receiptsOf(received: readonly ReceivedWebhook[], merchants: readonly DrillMerchant[]): Receipt[] {
  return received.map((request) => {
    const merchant = merchants.find((m) => m.path === request.path);
    const header = request.headers['service-signature'];
    const validSignature = !!merchant && verifyWebhook(request.rawBody, typeof header === 'string' ? header : undefined, merchant.secret).valid;
    try {
      const envelope = JSON.parse(request.rawBody) as { id: string; type: string; data: { id: string } };
      return { id: envelope.id, type: envelope.type, deliveryId: envelope.data.id, validSignature };
    } catch {
      return { id: `unreadable ${request.receivedAt}`, type: '', deliveryId: '', validSignature: false };
    }
  });
}

function mergeCounts(...counts: Partial<Record<string, number>>[]): Record<string, number> {
  const merged: Record<string, number> = {};
  for (const count of counts) for (const [key, n] of Object.entries(count)) merged[key] = (merged[key] ?? 0) + (n ?? 0);
  return merged;
}

function tallyDeliveries(load: LoadResult, statuses: ReadonlyMap<string, string>): DeliveryTally {
  const accepted = load.accepted.flat();
  const stuck: Record<string, number> = {};
  for (const id of accepted) {
    const status = statuses.get(id) ?? 'missing';
    if (status !== 'delivered') stuck[status] = (stuck[status] ?? 0) + 1;
  }
  const acceptedIds = new Set(accepted);
  return {
    requested: load.requested,
    accepted: accepted.length,
    refused: load.refused,
    delivered: accepted.filter((id) => statuses.get(id) === 'delivered').length,
    stuck,
    extra: [...statuses.keys()].filter((id) => !acceptedIds.has(id)).length,
  };
}

async function registerMerchants(system: TestSystem, baseUrl: string, receiver: WebhookReceiver, config: DrillConfig, tally: StatusTally): Promise<DrillMerchant[]> {
  const merchants: DrillMerchant[] = [];
  for (let i = 0; i < config.merchants; i += 1) {
    const { test } = await system.registerMerchant(`Drill Merchant ${i}`);
    const client = new CarefulMerchant(baseUrl, test, tally, config.requestTimeoutMs);
    const path = `/merchant-${i}`;
    const endpoint = await client.send('POST', '/v1/webhooks', { url: receiver.url(path), events: ['*'] });
    if (typeof endpoint.body.secret !== 'string') throw new Error(`webhook registration failed: ${JSON.stringify(endpoint)}`);
    merchants.push({ client, path, secret: endpoint.body.secret });
  }
  return merchants;
}

async function disabledEndpoints(merchants: readonly DrillMerchant[]): Promise<number> {
  let disabled = 0;
  for (const merchant of merchants) {
    const endpoints = await merchant.client.send('GET', '/v1/webhooks');
    disabled += ((endpoints.body.data as Json[] | undefined) ?? []).filter((endpoint) => endpoint.active === false).length;
  }
  return disabled;
}

/**
 * Waits until every accepted delivery is delivered and every event received
 * and listed, or the deadline passes; returns when it settled (or null) and
 * the last snapshot.
 */
async function settle(
  merchants: readonly DrillMerchant[],
  receiver: WebhookReceiver,
  load: LoadResult,
  deadline: number,
): Promise<{ settledAt: number | null; snapshot: Snapshot }> {
  const snapshot: Snapshot = { statuses: new Map(), listed: [] };
  const accepted = load.accepted.flat();
  for (;;) {
    const seen = await observe(merchants, true);
    if (seen.statuses) snapshot.statuses = seen.statuses;
    if (seen.listed) snapshot.listed = seen.listed;
    const events = tallyEvents(accepted, receiptsOf(receiver.received, merchants), snapshot.listed);
    const delivered = accepted.every((id) => snapshot.statuses.get(id) === 'delivered');
    if (seen.listed && delivered && events.received === events.expected && events.listed === events.expected && events.receivedUnlisted === 0) {
      return { settledAt: Date.now(), snapshot };
    }
    if (Date.now() >= deadline) return { settledAt: null, snapshot };
    await sleep(Math.min(POLL_MS, deadline - Date.now()));
  }
}

/** server-loss kills the servers: they run as under `npm start`, restarted by their supervisor; replicas and primary-loss run on a Redis Cluster. */
function startServers(config: DrillConfig, options: DrillOptions, dataDir: string): Promise<DrillServers> {
  if (config.name === 'server-loss') return DrillServers.startSupervised(join(dataDir, 'supervised'));
  if (config.name === 'primary-loss' || (options.replicas ?? 1) > 1) return DrillServers.startOnCluster(dataDir, { pgBouncer: options.pgBouncer });
  return DrillServers.start(dataDir);
}

/**
 * One drill: the whole system with supervision, a receiver for every
 * merchant's events, bounded load, one fault, then the verdict.
 */
export async function runDrill(config: DrillConfig, options: DrillOptions = {}): Promise<DrillResult> {
  const log = options.log ?? ((message: string) => process.stderr.write(`[drill] ${message}\n`));
  const dataDir = options.dataDir ?? '.data/drill';
  const servers = options.servers ?? (await startServers(config, options, dataDir));
  const receiver = await WebhookReceiver.start();
  const system = new TestSystem();
  const tally = new StatusTally();
  let replicas: ReplicaSet | undefined;
  let locks: LockWatch | undefined;
  try {
    log(`starting the system (${config.name}: ${config.deliveries} deliveries, ${config.merchants} merchants, load ${config.loadMs / 1000} s)`);
    await system.start({
      servers: servers.env,
      supervise: true,
      gatewayFirst: config.gatewayFirst,
      env: {
        NODE_ENV: 'development',
        RATE_LIMIT_PER_MINUTE: '10000000',
        TIMELINE_SPEED: String(config.timelineSpeed),
        WEBHOOK_RETRY_SPEED: String(config.webhookRetrySpeed),
        WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        // Reconciliation at drill pace: the defaults (minutes) would dominate the time to settle.
        WEBHOOK_SWEEP_INTERVAL_MS: '2000',
        WEBHOOK_SWEEP_GRACE_MS: '5000',
        TIMELINE_RECONCILE_INTERVAL_MS: '2000',
        TIMELINE_RECONCILE_GRACE_MS: '3000',
        QUOTE_RECONCILE_INTERVAL_MS: '2000',
        OUTBOX_LAG_WARN_MS: '5000',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        ...config.appEnv,
      },
    });
    if ((options.replicas ?? 1) > 1) {
      replicas = await ReplicaSet.start(system, options.replicas ?? 1);
      log(`${replicas.count} processes of every app, the gateways behind ${replicas.baseUrl}`);
      locks = LockWatch.start(servers.databaseUrl);
    }
    const memory = new PeakMemoryWatch(system);
    const merchants = await registerMerchants(system, replicas?.baseUrl ?? system.baseUrl, receiver, config, tally);
    const watch = config.name === 'overload' ? await OverloadWatch.start(merchants[0].client) : undefined;
    if (watch) log(`idle: a quote answered in ${watch.idleMs} ms`);
    log('load started');
    const loadStartedAt = Date.now();
    const recovery = watch ? watch.recoveryAfter(loadStartedAt + config.loadMs) : Promise.resolve(null);
    const progress: LoadProgress = { deliveriesInFlight: 0 };
    const faultRun: Promise<FaultRun> = sleep(config.faultAt * config.loadMs).then(() => injectFault({ config, system, servers, receiver, progress, replicas, log }));
    const [load, fault] = await Promise.all([driveLoad(config, merchants, progress), faultRun]);
    const overload = watch && {
      offeredPerSecond: Math.round((config.deliveries * 1000) / config.loadMs),
      idleMs: Math.round(watch.idleMs),
      recoveryMs: await recovery,
      shedding: tallyShedding(tally.answers, loadStartedAt, loadStartedAt + config.loadMs),
      generatorDelayMs: watch.generatorDelay(),
    };
    log(`load done (${load.accepted.flat().length} of ${load.requested} accepted) and fault over; waiting up to ${config.settleMs / 1000} s to settle`);
    const { settledAt, snapshot } = await settle(merchants, receiver, load, Math.max(load.endedAt, fault.endedAt) + config.settleMs);
    const figures: DrillFigures = {
      drill: config.name,
      fault: fault.description,
      deliveries: tallyDeliveries(load, snapshot.statuses),
      events: tallyEvents(load.accepted.flat(), receiptsOf(receiver.received, merchants), snapshot.listed),
      statuses: {},
      serverErrors: {},
      settleMs: settledAt === null ? null : Math.max(0, settledAt - fault.endedAt),
      restarts: mergeCounts(system.restarts(), replicas?.restarts() ?? {}),
      heapLimitDeaths: heapLimitDeaths(system.crashes()),
      peakResidentMb: memory.stop(),
      disabledEndpoints: await disabledEndpoints(merchants),
      answers: tallyAnswers(tally.answers, ANSWER_BOUND_MS),
      connectionErrorCauses: tally.connectionErrorCauses,
      ...(overload ? { overload } : {}),
      ...(replicas && locks ? { replicas: { processesPerApp: replicas.count, gatewayConnections: replicas.connections(), locks: await locks.stop() } } : {}),
    };
    figures.statuses = tally.histogram();
    figures.serverErrors = tally.serverErrors();
    return { figures, reasons: judge(figures) };
  } finally {
    await locks?.stop();
    await replicas?.stop();
    await system.stop().catch((error: Error) => log(`stopping the system: ${error.message}`));
    await receiver.close();
    if (!options.servers) await servers.stop();
  }
}
