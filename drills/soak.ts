import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { metricValue, TestSystem, WebhookReceiver } from '@sdd/testing';
import { CarefulMerchant, StatusTally } from './careful-merchant';
import { DrillServers } from './drill-servers';
import { flatAfterWarmup, FlatRule, FlatVerdict } from './flat-after-warmup';
import { answerLabel } from './retry-policy';
import { SoakConfig } from './soak-config';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const MB = 1024 * 1024;

const APPS: readonly ServiceName[] = [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook];

interface TableFigure {
  schema: string;
  table: string;
  /** Purged past a retention the soak shortens: judged flat. The others are the record (deliveries, quotes) or kept 24 h by contract. */
  purged: boolean;
}

const TABLES: readonly TableFigure[] = [
  { schema: 'deliveries', table: 'outbox_events', purged: true },
  { schema: 'deliveries', table: 'outbox_handoffs', purged: true },
  { schema: 'deliveries', table: 'notifications', purged: true },
  { schema: 'deliveries', table: 'offers', purged: true },
  { schema: 'webhooks', table: 'events', purged: true },
  { schema: 'webhooks', table: 'message_destinations', purged: true },
  { schema: 'webhooks', table: 'attempts', purged: true },
  { schema: 'gateway', table: 'idempotency_keys', purged: false },
  { schema: 'deliveries', table: 'deliveries', purged: false },
  { schema: 'quotes', table: 'quotes', purged: false },
];

/** One figure measured over the soak, and how it is judged (none: shown only). */
interface Figure {
  name: string;
  unit: 'MB' | 'rows';
  rule?: FlatRule;
}

export interface SoakSample {
  /** ms since the load began. */
  at: number;
  values: Record<string, number>;
}

export interface SoakVerdict extends FlatVerdict {
  figure: string;
  /** Growth and allowance as printed (MB or rows). */
  printed: { growth: string; allowed: string };
}

export interface SoakResult {
  samples: SoakSample[];
  verdicts: SoakVerdict[];
  load: {
    requested: number;
    accepted: number;
    refused: Record<string, number>;
    statuses: Record<string, number>;
    serverErrors: Record<string, number>;
  };
  /** Why it failed; empty when it passed. */
  reasons: string[];
}

const MEMORY_RULE: FlatRule = { warmupFraction: 1 / 3, relativeGrowth: 0.1, absoluteGrowth: 16 * MB };

function figures(config: SoakConfig): Figure[] {
  // Between two purges rows pile up: about ten per delivery (events, hand-offs, destinations, attempts).
  const rows: FlatRule = { warmupFraction: 1 / 3, relativeGrowth: 0.15, absoluteGrowth: Math.max(1000, (config.rate * config.purgeIntervalMs * 10) / 1000) };
  return [
    ...APPS.flatMap((app) => [
      { name: `${app} rss`, unit: 'MB' as const, rule: MEMORY_RULE },
      { name: `${app} heap`, unit: 'MB' as const, rule: MEMORY_RULE },
    ]),
    { name: 'redis used_memory', unit: 'MB', rule: MEMORY_RULE },
    ...TABLES.map(({ table, purged }) => ({ name: `rows ${table}`, unit: 'rows' as const, rule: purged ? rows : undefined })),
    // Deleted rows leave room that vacuum hands to new ones: the files stop growing once the retention is reached.
    { name: 'size of purged tables', unit: 'MB', rule: { ...MEMORY_RULE, relativeGrowth: 0.15 } },
  ];
}

async function sample(system: TestSystem, redis: Redis, pg: Client): Promise<Record<string, number>> {
  const values: Record<string, number> = {};
  for (const app of APPS) {
    const text = await (await fetch(`${system.opsUrlOf(app)}/metrics`)).text();
    values[`${app} rss`] = metricValue(text, 'process_resident_memory_bytes') ?? NaN;
    values[`${app} heap`] = metricValue(text, 'nodejs_heap_size_used_bytes') ?? NaN;
  }
  const info = await redis.info('memory');
  values['redis used_memory'] = Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? NaN);
  let size = 0;
  for (const { schema, table, purged } of TABLES) {
    const name = `"${system.prefix}_${schema}".${table}`;
    const { rows } = await pg.query(`SELECT count(*)::bigint AS n, pg_total_relation_size('${name}') AS bytes FROM ${name}`);
    values[`rows ${table}`] = Number(rows[0].n);
    if (purged) size += Number(rows[0].bytes);
  }
  values['size of purged tables'] = size;
  return values;
}

const SHORT: Record<string, string> = {
  [ServiceName.Gateway]: 'gateway',
  [ServiceName.Quote]: 'quote',
  [ServiceName.Delivery]: 'delivery',
  [ServiceName.Payment]: 'payment',
  [ServiceName.Webhook]: 'webhooks',
};

const mb = (bytes: number) => (bytes / MB).toFixed(1);

/** A figure as printed: MB with one decimal, rows as counted. */
function formatFigure(figure: Figure, value: number): string {
  return figure.unit === 'MB' ? `${mb(value)} MB` : `${Math.round(value)} rows`;
}

/**
 * The samples as a table over time, one line per sample: each app's RSS and
 * heap in MB (`rss/heap`), Redis's used memory in MB, the rows of each table,
 * and the size on disk of the purged ones (with indexes and TOAST) in MB.
 */
export function soakTable(samples: readonly SoakSample[]): string[] {
  const columns: Array<[string, (values: Record<string, number>) => string]> = [
    ...APPS.map((app): [string, (values: Record<string, number>) => string] => [`${SHORT[app]} MB`, (values) => `${mb(values[`${app} rss`])}/${mb(values[`${app} heap`])}`]),
    ['redis MB', (values) => mb(values['redis used_memory'])],
    ...TABLES.map(({ table }): [string, (values: Record<string, number>) => string] => [table, (values) => String(values[`rows ${table}`])]),
    ['purged tables MB', (values) => mb(values['size of purged tables'])],
  ];
  const header = ['t (s)', ...columns.map(([title]) => title)];
  const lines = samples.map((s) => [String(Math.round(s.at / 1000)), ...columns.map(([, cell]) => cell(s.values))]);
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  return [header, ...lines].map((line) => line.map((cell, i) => cell.padStart(widths[i])).join(' | '));
}

/**
 * The steady open-loop load: `rate` deliveries a second, each started on
 * schedule whatever became of the earlier ones, round-robin over the
 * merchants, each a quote then the delivery with its own Idempotency-Key,
 * retried until final or the deadline.
 */
async function steadyLoad(config: SoakConfig, merchants: readonly CarefulMerchant[]): Promise<SoakResult['load']> {
  const start = Date.now();
  const total = Math.floor((config.rate * config.durationMs) / 1000);
  const refused: Record<string, number> = {};
  const refuse = (label: string) => void (refused[label] = (refused[label] ?? 0) + 1);
  let accepted = 0;
  const inFlight = new Set<Promise<void>>();
  const one = async (i: number) => {
    const merchant = merchants[i % merchants.length];
    const deadline = Date.now() + config.requestDeadlineMs;
    const quote = await merchant.persist('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF }, {}, deadline);
    if (!('status' in quote.outcome) || quote.outcome.status !== 200) return refuse(`quote: ${answerLabel(quote.outcome)}`);
    const body = { quote_id: quote.body.id, customer: { name: 'Sam Rivera', phone: '416 555 0142' }, external_reference: `soak-${i}` };
    const created = await merchant.persist('POST', '/v1/deliveries', body, { 'idempotency-key': `soak-${i}-${randomBytes(6).toString('hex')}` }, deadline);
    if ('status' in created.outcome && created.outcome.status === 201) accepted += 1;
    else refuse(answerLabel(created.outcome));
  };
  for (let i = 0; i < total; i += 1) {
    await sleep(start + (i * 1000) / config.rate - Date.now());
    const request = one(i).finally(() => inFlight.delete(request));
    inFlight.add(request);
  }
  await Promise.all(inFlight);
  return { requested: total, accepted, refused, statuses: {}, serverErrors: {} };
}

/**
 * The soak: the whole system (supervised, webhooks on for every merchant)
 * under a steady load for `durationMs`, every app's memory, Redis's and the
 * rows of the retained tables sampled every `sampleMs`, then each judged
 * flat after warm-up (flat-after-warmup.ts).
 */
export async function runSoak(config: SoakConfig, options: { dataDir: string; log?(message: string): void }): Promise<SoakResult> {
  const log = options.log ?? ((message: string) => process.stderr.write(`[soak] ${message}\n`));
  const servers = await DrillServers.start(options.dataDir);
  const receiver = await WebhookReceiver.start();
  const system = new TestSystem();
  const redis = new Redis(servers.redisUrl, { maxRetriesPerRequest: 3 });
  const pg = new Client({ connectionString: servers.databaseUrl });
  const tally = new StatusTally();
  const retention = String(config.retentionSeconds);
  try {
    log(`starting the system (${config.rate} deliveries/s for ${config.durationMs / 1000} s, retention ${retention} s)`);
    await system.start({
      servers: { databaseUrl: servers.databaseUrl, redisUrl: servers.redisUrl },
      supervise: true,
      gatewayFirst: true,
      env: {
        NODE_ENV: 'development',
        RATE_LIMIT_PER_MINUTE: '10000000',
        TIMELINE_SPEED: String(config.timelineSpeed),
        WEBHOOK_SECRETS_KEY: randomBytes(32).toString('base64'),
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        OUTBOX_RETENTION_SECONDS: retention,
        NOTIFICATION_RETENTION_SECONDS: retention,
        OFFER_RETENTION_SECONDS: retention,
        WEBHOOK_EVENT_RETENTION_SECONDS: retention,
        RETENTION_PURGE_INTERVAL_MS: String(config.purgeIntervalMs),
        ...config.appEnv,
      },
    });
    await pg.connect();
    const merchants: CarefulMerchant[] = [];
    for (let i = 0; i < config.merchants; i += 1) {
      const { test } = await system.registerMerchant(`Soak Merchant ${i}`);
      const client = new CarefulMerchant(system.baseUrl, test, tally, config.requestTimeoutMs);
      const endpoint = await client.send('POST', '/v1/webhooks', { url: receiver.url(`/merchant-${i}`), events: ['*'] });
      if (typeof endpoint.body.secret !== 'string') throw new Error(`webhook registration failed: ${JSON.stringify(endpoint)}`);
      merchants.push(client);
    }
    const measured = figures(config);
    const samples: SoakSample[] = [];
    const startedAt = Date.now();
    let loading = true;
    const sampling = (async () => {
      for (let next = startedAt; loading; next += config.sampleMs) {
        await sleep(next - Date.now());
        if (!loading && samples.length > 0) break;
        const values = await sample(system, redis, pg).catch((error: Error) => (log(`sample failed: ${error.message}`), undefined));
        if (!values) continue;
        samples.push({ at: Date.now() - startedAt, values });
        log(soakTable(samples).slice(-1)[0]);
      }
    })();
    log('load started');
    const load = await steadyLoad(config, merchants);
    loading = false;
    await sampling;
    load.statuses = tally.histogram();
    load.serverErrors = tally.serverErrors();
    log(`load done: ${load.accepted} of ${load.requested} accepted`);
    for (const line of soakTable(samples)) console.log(line);
    const verdicts = measured
      .filter((figure) => figure.rule)
      .map((figure): SoakVerdict => {
        const verdict = flatAfterWarmup({ times: samples.map((s) => s.at), values: samples.map((s) => s.values[figure.name]) }, figure.rule as FlatRule);
        return { figure: figure.name, ...verdict, printed: { growth: formatFigure(figure, verdict.growth), allowed: formatFigure(figure, verdict.allowed) } };
      });
    const reasons = verdicts.filter((verdict) => !verdict.flat).map(({ figure, printed }) => `${figure} grew ${printed.growth} after warm-up (allowed ${printed.allowed})`);
    if (load.accepted < load.requested) reasons.push(`${load.requested - load.accepted} of ${load.requested} deliveries not accepted`);
    if (Object.keys(system.restarts()).length > 0) reasons.push(`apps restarted: ${JSON.stringify(system.restarts())}`);
    return { samples, verdicts, load, reasons };
  } finally {
    await system.stop().catch((error: Error) => log(`stopping the system: ${error.message}`));
    await pg.end().catch(() => undefined);
    redis.disconnect();
    await receiver.close();
    await servers.stop();
  }
}
