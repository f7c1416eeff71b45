import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { testEnv, TestSystem, waitFor, WebhookReceiver, WITHOUT_LOAD_SHEDDING } from '@sdd/testing';
import { Latencies, latencies, slowerBeyondNoise } from './latency-comparison';
import { backlogLeft, oldRowsLeft, writeOldBacklog } from './old-backlog';

/** Rows of the backlog per table (DRILL_BACKLOG_ROWS): the default keeps the drill near 2 minutes on a loaded 2-core machine. */
const ROWS = Number(process.env.DRILL_BACKLOG_ROWS ?? 150_000);
/** Past every retention: events 30 days, the outbox and the request log 7 days, Idempotency-Keys 24 h (their defaults). */
const AGE_DAYS = 40;
/** Rounds of requests measured before the purge and after it. */
const ROUNDS = 40;
/** Rounds that must run while the purge has old rows left, or the drill measured nothing of it. */
const MIN_ROUNDS_DURING = 5;
/**
 * The writes' p99 while the purge runs stays under this: the gateway's wait
 * for a bus reply (BUS_TIMEOUT_MS, 1.5 s), under the 2 s every answer gets.
 * A purge holding a lock the writes need for a whole pass (tens of seconds
 * here) would stall a create past it.
 */
const WRITE_P99_BOUND_DURING_MS = 1_500;
/** Purges rarely until the backlog is written and measured; then each app is restarted with its purges every half second. */
const RARELY = { RETENTION_PURGE_INTERVAL_MS: '3600000', REQUEST_LOG_PURGE_INTERVAL_MS: '3600000', IDEMPOTENCY_PURGE_INTERVAL_MS: '3600000' };
const OFTEN = { RETENTION_PURGE_INTERVAL_MS: '500', REQUEST_LOG_PURGE_INTERVAL_MS: '500', IDEMPOTENCY_PURGE_INTERVAL_MS: '500' };

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

const OPERATIONS = ['create delivery', 'list events', 'get event', 'list request logs'] as const;
type Operation = (typeof OPERATIONS)[number];
type Samples = Record<Operation, number[]>;
type Figures = Record<Operation, Latencies>;

/**
 * Issue 34 item 4: a year of traffic does not slow today's statements. The
 * tables that grow with every delivery but are not its record (webhook events
 * with their destinations and attempts, outbox events with their hand-offs,
 * the request log, Idempotency-Keys) get ROWS old rows each, of the merchant
 * the drill measures; then, through HTTP, the p50/p99 of a delivery's
 * creation (an Idempotency-Key, an outbox event, a request log entry) and of
 * the reads of those tables, before the purges run, while they catch up, and
 * after. Old rows gone, fresh rows kept, the figures after no slower than
 * before beyond noise (LATENCY_NOISE), the writes bounded while the purges
 * run (docs/reliability.md, "A large backlog").
 */
describe('drills: a large backlog of old rows, purged while the API is used', () => {
  const system = new TestSystem();
  const pg = new Client({ connectionString: testEnv().databaseUrl });
  let receiver: WebhookReceiver;
  let key: string;
  let created = 0;

  async function timed(method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; ms: number }> {
    const started = performance.now();
    const response = await fetch(`${system.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const parsed = (await response.json()) as Record<string, unknown>;
    return { status: response.status, body: parsed, ms: performance.now() - started };
  }

  /** One request of each operation, in turn, each timed from sending to the last byte of its answer. */
  async function round(samples: Samples): Promise<string> {
    const quote = await timed('POST', '/v1/quotes', {}, { pickup_address: PICKUP, dropoff_address: DROPOFF });
    expect(quote.status).toBe(200);
    const delivery = await timed(
      'POST',
      '/v1/deliveries',
      { 'idempotency-key': `backlog-${created++}` },
      { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } },
    );
    expect(delivery.status).toBe(201);
    samples['create delivery'].push(delivery.ms);
    const events = await timed('GET', '/v1/events?limit=10');
    expect(events.status).toBe(200);
    samples['list events'].push(events.ms);
    const newest = (events.body.data as Array<{ id: string }>)[0];
    expect(newest.id).not.toMatch(/^evt_old/);
    const event = await timed('GET', `/v1/events/${newest.id}`);
    expect(event.status).toBe(200);
    samples['get event'].push(event.ms);
    const logs = await timed('GET', '/v1/request_logs?limit=10');
    expect(logs.status).toBe(200);
    samples['list request logs'].push(logs.ms);
    return delivery.body.id as string;
  }

  const noSamples = (): Samples => ({ 'create delivery': [], 'list events': [], 'get event': [], 'list request logs': [] });
  const figuresOf = (samples: Samples): Figures => Object.fromEntries(OPERATIONS.map((operation) => [operation, latencies(samples[operation])])) as Figures;

  async function measure(rounds: number): Promise<Figures> {
    const samples = noSamples();
    for (let i = 0; i < rounds; i++) await round(samples);
    return figuresOf(samples);
  }

  /** What stays: the rows written since the drill began (the fresh ones), counted per table. */
  async function freshRows(since: Date): Promise<Record<string, number>> {
    const count = async (schema: string, table: string) =>
      (await pg.query(`SELECT count(*)::int AS n FROM "${system.prefix}_${schema}".${table} WHERE created_at >= $1`, [since])).rows[0].n as number;
    return {
      events: await count('webhooks', 'events'),
      outbox_events: await count('deliveries', 'outbox_events'),
      request_logs: await count('gateway', 'request_logs'),
      idempotency_keys: await count('gateway', 'idempotency_keys'),
    };
  }

  async function restartWith(app: ServiceName, env: Record<string, string>): Promise<void> {
    await system.stopApp(app);
    await system.startApp(app, env);
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: {
        ...WITHOUT_LOAD_SHEDDING,
        RATE_LIMIT_PER_MINUTE: '100000',
        TIMELINE_SPEED: '20',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        ...RARELY,
      },
    });
    await pg.connect();
    key = (await system.registerMerchant('Backlog Co')).test;
  }, 120_000);

  afterAll(async () => {
    await pg.end();
    await system.stop();
    await receiver.close();
  });

  it(`${ROWS} old rows in each table: purged in batches while the API is used; writes and reads after no slower than before`, async () => {
    const began = new Date();
    const endpoint = await timed('POST', '/v1/webhooks', {}, { url: receiver.url('/backlog'), events: ['*'] });
    expect(endpoint.status).toBe(201);
    const endpointId = endpoint.body.id as string;
    const merchantId = (await pg.query(`SELECT merchant_id FROM "${system.prefix}_webhooks".endpoints WHERE id = $1`, [endpointId])).rows[0].merchant_id as string;
    // A finished delivery for the old outbox events to belong to, and a first round to warm every path up.
    const host = await round(noSamples());
    await waitFor(async () => ((await timed('GET', `/v1/deliveries/${host}`)).body.status === 'delivered' ? true : undefined), 30_000, 200);

    const filling = Date.now();
    await writeOldBacklog(pg, { prefix: system.prefix, merchantId, endpointId, deliveryId: host, rows: ROWS, ageDays: AGE_DAYS });
    const fillMs = Date.now() - filling;
    const written = await oldRowsLeft(pg, system.prefix);
    expect(Object.values(written)).toEqual(Object.values(written).map(() => ROWS));

    const before = await measure(ROUNDS);

    // Each app restarted with its purges every half second, as a release bringing the purge to a grown table would.
    const purging = Date.now();
    await Promise.all([ServiceName.Delivery, ServiceName.Webhook].map((app) => restartWith(app, OFTEN)));
    await restartWith(ServiceName.Gateway, OFTEN);
    const duringSamples = noSamples();
    while (await backlogLeft(pg, system.prefix)) await round(duringSamples);
    const during = figuresOf(duringSamples);
    const purgeMs = Date.now() - purging;

    const after = await measure(ROUNDS);
    const left = await oldRowsLeft(pg, system.prefix);
    // Every delivery of the drill (the host, the rounds), each with its Idempotency-Key, events and request log entries, the last ones written within a second or so.
    const deliveries = 1 + 2 * ROUNDS + duringSamples['create delivery'].length;
    const kept = (rows: Record<string, number>) =>
      rows.idempotency_keys === deliveries && rows.events >= deliveries && rows.outbox_events >= deliveries && rows.request_logs >= 2 * deliveries;
    const fresh = await waitFor(
      async () => {
        const rows = await freshRows(began);
        return kept(rows) ? rows : undefined;
      },
      30_000,
      250,
    ).catch(async () => freshRows(began));

    const table = (name: string, figures: Figures) =>
      OPERATIONS.map(
        (op) =>
          `${name.padEnd(7)} ${op.padEnd(18)} n=${figures[op].count} p50=${figures[op].p50Ms.toFixed(1)} ms p90=${figures[op].p90Ms.toFixed(1)} ms p99=${figures[op].p99Ms.toFixed(1)} ms`,
      );
    console.log(
      [`backlog: ${ROWS} rows in each of ${Object.keys(written).join(', ')}; written in ${fillMs} ms; purged in ${purgeMs} ms (restarts included)`]
        .concat(table('before', before), table('during', during), table('after', after), [`fresh rows kept: ${JSON.stringify(fresh)}`])
        .join('\n'),
    );

    expect(left).toEqual(Object.fromEntries(Object.keys(written).map((name) => [name, 0])));
    expect([fresh, kept(fresh)]).toEqual([fresh, true]);
    expect(during['create delivery'].count).toBeGreaterThanOrEqual(MIN_ROUNDS_DURING);
    expect(during['create delivery'].p99Ms).toBeLessThan(WRITE_P99_BOUND_DURING_MS);
    expect(OPERATIONS.flatMap((op) => slowerBeyondNoise(op, before[op], after[op]))).toEqual([]);
  }, 600_000);
});
