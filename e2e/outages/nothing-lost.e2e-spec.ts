import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { ServiceName } from '@sdd/contracts';
import { verifyWebhook } from '@sdd/signing';
import {
  freePort,
  loadInfra,
  OwnPostgres,
  OwnRedis,
  ReceivedWebhook,
  startOwnPostgres,
  startOwnRedis,
  TcpRelay,
  TestSystem,
  uniquePrefix,
  waitFor,
  WebhookReceiver,
} from '@sdd/testing';

/** 80 s of simulated timeline in 4 s. */
const TIMELINE_SPEED = 20;
const EVENTS_PER_DELIVERY = 5;
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

type Envelope = { id: string; type: string; data: { id: string } };

/**
 * Postgres is the record, Redis only runs work: with the dispatcher dead,
 * Redis flushed, or Postgres stopped long enough for jobs to give up, every
 * accepted delivery still finishes and every event still reaches the
 * merchant. A Postgres and a Redis of this file's own, so they can be
 * stopped and flushed for real without touching other test files.
 */
describe('nothing lost, nothing stuck (real faults: kill -9, FLUSHALL, Postgres stopped)', () => {
  const infra = loadInfra();
  const dataDir = join(infra.repoRoot, '.data', uniquePrefix('nothing-lost-pg'));
  const system = new TestSystem();
  let postgres: OwnPostgres;
  let pgPort: number;
  let receiver: WebhookReceiver;
  let ownRedis: OwnRedis;
  let redis: Redis;
  let key: string;
  let secret: string;
  let held: Promise<void> = Promise.resolve();

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key, body });
  const statusOf = async (id: string) => (await call('GET', `/v1/deliveries/${id}`)).body.status as string;
  const envelopeOf = (request: ReceivedWebhook): Envelope => JSON.parse(request.rawBody) as Envelope;

  const startPostgres = () => startOwnPostgres({ dataDir, database: 'sameday_test', port: pgPort });

  async function createDeliveries(count: number, scheduledAt?: string): Promise<string[]> {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const quote = await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF, ...(scheduledAt ? { scheduled_at: scheduledAt } : {}) });
        expect(quote.status).toBe(200);
        const created = await call('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
        expect(created.status).toBe(201);
        return created.body.id as string;
      }),
    );
  }

  async function allDelivered(ids: string[], timeoutMs: number): Promise<void> {
    await waitFor(
      async () => {
        const statuses = await Promise.all(ids.map(statusOf));
        return statuses.every((status) => status === 'delivered') ? true : undefined;
      },
      timeoutMs,
      200,
    );
  }

  /** Every event of these deliveries reached the receiver with a valid signature and is listed by GET /v1/events. */
  async function expectEveryEventDelivered(ids: string[], timeoutMs: number): Promise<void> {
    const wanted = new Set(ids);
    const received = () => receiver.received.filter((request) => wanted.has(envelopeOf(request).data.id));
    await waitFor(() => (new Set(received().map((request) => envelopeOf(request).id)).size === ids.length * EVENTS_PER_DELIVERY ? true : undefined), timeoutMs, 200);
    for (const request of received()) {
      expect(verifyWebhook(Buffer.from(request.rawBody), request.headers['service-signature'] as string, secret).valid).toBe(true);
    }
    for (const id of ids) {
      const listed = await call('GET', `/v1/events?delivery_id=${id}&limit=100`);
      expect((listed.body.data as Envelope[]).map((event) => event.type).sort()).toEqual([
        'delivery.created',
        'delivery.delivered',
        'delivery.driver_assigned',
        'delivery.in_transit',
        'delivery.picked_up',
      ]);
    }
  }

  beforeAll(async () => {
    pgPort = await freePort();
    postgres = await startPostgres();
    // '/held' answers only once the test lets it: Postgres can be stopped while a first attempt waits for its reply.
    receiver = await WebhookReceiver.start({
      reply: async (request) => {
        if (request.path === '/held') await held;
        return { status: 200 };
      },
    });
    ownRedis = await startOwnRedis('nothing-lost-redis');
    redis = new Redis(ownRedis.url);
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: {
        DATABASE_URL: postgres.url,
        REDIS_URL: ownRedis.url,
        RATE_LIMIT_PER_MINUTE: '100000',
        TIMELINE_SPEED: String(TIMELINE_SPEED),
        TIMELINE_RECONCILE_INTERVAL_MS: '500',
        TIMELINE_RECONCILE_GRACE_MS: '1000',
        OUTBOX_LAG_WARN_MS: '1000',
        WEBHOOK_RETRY_SPEED: '600',
        WEBHOOK_SWEEP_INTERVAL_MS: '500',
        WEBHOOK_SWEEP_GRACE_MS: '1000',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
      },
    });
    key = (await system.registerMerchant('Nothing Lost Co')).test;
    const webhook = await call('POST', '/v1/webhooks', { url: receiver.url('/all'), events: ['*'] });
    expect(webhook.status).toBe(201);
    secret = webhook.body.secret as string;
  }, 120000);

  afterAll(async () => {
    await system.stop().catch(() => undefined);
    redis?.disconnect();
    await ownRedis?.dispose();
    await receiver?.close();
    await postgres?.stop();
    for (const path of [dataDir, `${dataDir}.log`, `${dataDir}.json`, `${dataDir}.lock`, `${dataDir}.password`]) rmSync(path, { recursive: true, force: true });
  });

  it('hands every event to the dispatcher once it is back, though it was killed and Redis flushed meanwhile', async () => {
    expect(await system.stopApp(ServiceName.Webhook, 'SIGKILL')).toBeNull();
    const ids = await createDeliveries(8);
    await allDelivered(ids, 30000);
    // What the relay offered while the dispatcher was dead is gone with Redis; only Postgres remembers it.
    await redis.flushall();
    await waitFor(() => (system.logs(ServiceName.Delivery).some((line) => /outbox backlog: webhook-dispatcher has not acknowledged/.test(line)) ? true : undefined), 15000, 100);
    await system.startApp(ServiceName.Webhook);
    await expectEveryEventDelivered(ids, 60000);
  }, 120000);

  it('keeps offering events while the dispatcher cannot reach its own database, and hands them all over once it can', async () => {
    const relay = new TcpRelay('127.0.0.1', pgPort);
    const relayedUrl = postgres.url.replace(`:${pgPort}/`, `:${await relay.listen()}/`);
    try {
      await system.stopApp(ServiceName.Webhook);
      await system.startApp(ServiceName.Webhook, { DATABASE_URL: relayedUrl });
      relay.refuse();
      const ids = await createDeliveries(6);
      await allDelivered(ids, 30000);
      const wanted = new Set(ids);
      expect(receiver.received.filter((request) => wanted.has(envelopeOf(request).data.id))).toEqual([]);
      relay.pass();
      await expectEveryEventDelivered(ids, 60000);
    } finally {
      await system.stopApp(ServiceName.Webhook);
      await relay.close();
      await system.startApp(ServiceName.Webhook);
    }
  }, 150000);

  it('finishes deliveries whose timeline Redis lost mid-way', async () => {
    const ids = await createDeliveries(8);
    await waitFor(async () => ((await Promise.all(ids.map(statusOf))).every((status) => status !== 'created') ? true : undefined), 10000, 50);
    await redis.flushall();
    expect(await Promise.all(ids.map(statusOf))).not.toContain('delivered');
    await allDelivered(ids, 30000);
    await expectEveryEventDelivered(ids, 60000);
  }, 120000);

  it('keeps a scheduled start through Redis data loss', async () => {
    const startAt = new Date(Date.now() + 6000);
    const [id] = await createDeliveries(1, startAt.toISOString());
    await redis.flushall();
    expect(await statusOf(id)).toBe('created');
    await waitFor(async () => ((await statusOf(id)) !== 'created' ? true : undefined), 20000, 100);
    // Not before its time: the reconciler schedules from the delivery's own timeline.
    expect(Date.now()).toBeGreaterThanOrEqual(startAt.getTime() + 10_000 / TIMELINE_SPEED);
    await allDelivered([id], 30000);
    await expectEveryEventDelivered([id], 30000);
  }, 60000);

  it('runs again the steps that gave up while Postgres was down, and hands over their events', async () => {
    const ids = await createDeliveries(6);
    // Each timeline under way, none finished: every delivery has steps left when Postgres goes. (Waiting for all six
    // to be `pending` at once raced: a step lasts 0.26 s at this speed, less than the creations' spread on a busy machine.)
    const statuses = await waitFor(
      async () => {
        const now = await Promise.all(ids.map(statusOf));
        return now.every((status) => status !== 'created') ? now : undefined;
      },
      10000,
      20,
    );
    expect(statuses).not.toContain('delivered');
    await postgres.stop();
    // Longer than a step's five attempts (0.5 + 1 + 2 + 4 s of backoff): the remaining steps park in the failed set.
    await new Promise((resolve) => setTimeout(resolve, 9000));
    postgres = await startPostgres();
    await allDelivered(ids, 60000);
    await expectEveryEventDelivered(ids, 60000);
  }, 150000);

  it('makes again, and records, a first attempt whose record failed: Postgres stopped between its send and its reply', async () => {
    const endpoint = await call('POST', '/v1/webhooks', { url: receiver.url('/held'), events: ['delivery.created'] });
    expect(endpoint.status).toBe(201);
    let release = (): void => undefined;
    held = new Promise((resolve) => (release = resolve));
    const [id] = await createDeliveries(1);
    const sent = await waitFor(() => receiver.received.find((request) => request.path === '/held'), 10000, 10);
    const event = envelopeOf(sent);
    expect(event).toMatchObject({ type: 'delivery.created', data: { id } });
    await postgres.stop();
    release();
    await waitFor(
      () => (system.logs(ServiceName.Webhook).some((line) => line.includes(`first attempt of ${event.id} to ${endpoint.body.id as string} failed`)) ? true : undefined),
      10000,
      50,
    );
    postgres = await startPostgres();
    const delivery = await waitFor(
      async () => {
        const detail = await call('GET', `/v1/events/${event.id}`);
        const deliveries = (detail.body.deliveries ?? []) as Array<{ webhook_id: string; status: string; attempts: Array<Record<string, unknown>> }>;
        const toHeld = deliveries.find((entry) => entry.webhook_id === endpoint.body.id);
        return toHeld?.status === 'succeeded' ? toHeld : undefined;
      },
      60000,
      250,
    );
    // The send nobody recorded is made again and this one recorded: the merchant got the event twice (at least once).
    // Here the sweep (1 s grace in this file) makes it; with the default five minutes the batch's cover job does, 30 s on.
    expect(delivery.attempts).toEqual([expect.objectContaining({ number: 1, succeeded: true, status_code: 200 })]);
    const sends = receiver.received.filter((request) => request.path === '/held' && envelopeOf(request).id === event.id);
    expect(sends.length).toBeGreaterThanOrEqual(2);
    expect(new Set(sends.map((request) => request.rawBody)).size).toBe(1);
  }, 120000);
});
