import { Redis } from 'ioredis';
import { ServiceName, ServiceQueue } from '@sdd/contracts';
import { MerchantKeys, ReceivedWebhook, testEnv, TestSystem, waitFor, WebhookReceiver, WITHOUT_LOAD_SHEDDING } from '@sdd/testing';

/** Every test delivery runs its whole timeline (five events) in about 4 s. */
const TIMELINE_SPEED = '20';
const EVENTS_PER_DELIVERY = ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered'];

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

type Envelope = { id: string; type: string; data: { id: string } };

describe('webhook dispatch when dispatchers die or run side by side', () => {
  const system = new TestSystem();
  let receiver: WebhookReceiver;
  let env: Record<string, string>;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });
  const at = (path: string): ReceivedWebhook[] => receiver.received.filter((request) => request.path === path);
  const envelopeOf = (request: ReceivedWebhook): Envelope => JSON.parse(request.rawBody) as Envelope;

  async function createDeliveries(key: string, count: number): Promise<string[]> {
    return Promise.all(
      Array.from({ length: count }, async () => {
        const quote = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: DROPOFF });
        const created = await call('POST', '/v1/deliveries', key, { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
        expect(created.status).toBe(201);
        return created.body.id as string;
      }),
    );
  }

  async function merchantWithEndpoint(path: string): Promise<MerchantKeys> {
    const merchant = await system.registerMerchant('Burst Co');
    const created = await call('POST', '/v1/webhooks', merchant.test, { url: receiver.url(path), events: ['*'] });
    expect(created.status).toBe(201);
    return merchant;
  }

  /** Every (delivery, type) pair arrived, each under one event id. */
  function expectAllEvents(requests: ReceivedWebhook[], deliveryIds: string[]): Map<string, number> {
    const perEvent = new Map<string, number>();
    const pairs = new Map<string, string>();
    for (const envelope of requests.map(envelopeOf)) {
      perEvent.set(envelope.id, (perEvent.get(envelope.id) ?? 0) + 1);
      const pair = `${envelope.data.id}/${envelope.type}`;
      expect(pairs.get(pair) ?? envelope.id).toBe(envelope.id);
      pairs.set(pair, envelope.id);
    }
    for (const id of deliveryIds) for (const type of EVENTS_PER_DELIVERY) expect(pairs.has(`${id}/${type}`)).toBe(true);
    expect(perEvent.size).toBe(deliveryIds.length * EVENTS_PER_DELIVERY.length);
    return perEvent;
  }

  const distinctEvents = (path: string) => new Set(at(path).map((request) => envelopeOf(request).id)).size;

  beforeAll(async () => {
    // A receiver that takes a moment, so that attempts are in flight when a dispatcher dies.
    receiver = await WebhookReceiver.start({ reply: (request) => ({ status: 200, delayMs: request.path === '/lost' || request.path === '/covered' ? 2000 : 20 }) });
    env = {
      // Its bursts of 200 deliveries at once test the dispatchers, not the gateway's load shedding or bus wait
      // (1.5 s: on 2 cores beside another file's system, some creations of the burst took longer).
      ...WITHOUT_LOAD_SHEDDING,
      BUS_TIMEOUT_MS: '20000',
      RATE_LIMIT_PER_MINUTE: '100000',
      TIMELINE_SPEED,
      WEBHOOK_RETRY_SPEED: '600',
      WEBHOOK_ALLOWED_HOSTS: 'localhost',
      NODE_EXTRA_CA_CERTS: receiver.caFile,
    };
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook], env });
  }, 60000);

  afterAll(async () => {
    await system.stop();
    await receiver.close();
  });

  it('loses no event when the dispatcher is killed mid-burst: each arrives at least once', async () => {
    const merchant = await merchantWithEndpoint('/killed');
    const deliveryIds = await createDeliveries(merchant.test, 40);
    await waitFor(() => (at('/killed').length >= 40 ? true : undefined), 20000, 5);
    expect(await system.stopApp(ServiceName.Webhook, 'SIGKILL')).toBeNull();
    const beforeRestart = distinctEvents('/killed');
    expect(beforeRestart).toBeLessThan(200);

    await system.startApp(ServiceName.Webhook);
    await waitFor(() => (distinctEvents('/killed') === 200 ? true : undefined), 60000, 100);
    expectAllEvents(at('/killed'), deliveryIds);
  }, 120000);

  it('stops gracefully mid-burst: running attempts finish and are recorded as they went, nothing is lost', async () => {
    const merchant = await merchantWithEndpoint('/stopped');
    const deliveryIds = await createDeliveries(merchant.test, 20);
    await waitFor(() => (at('/stopped').length >= 20 ? true : undefined), 20000, 5);
    expect(await system.stopApp(ServiceName.Webhook, 'SIGTERM')).toBe(0);
    await system.startApp(ServiceName.Webhook);
    await waitFor(() => (distinctEvents('/stopped') === 100 ? true : undefined), 60000, 100);
    expectAllEvents(at('/stopped'), deliveryIds);
    const listed = await call('GET', '/v1/events?limit=100', merchant.test);
    const details = await Promise.all((listed.body.data as Envelope[]).map(async (event) => (await call('GET', `/v1/events/${event.id}`, merchant.test)).body));
    const attempts = details.flatMap((detail) => (detail.deliveries as Array<{ attempts: Array<{ succeeded: boolean; error: string | null }> }>)[0].attempts);
    expect(attempts.filter((attempt) => !attempt.succeeded)).toEqual([]);
  }, 120000);

  it('never sends the same attempt twice from two replicas', async () => {
    const replica = await system.startReplica(ServiceName.Webhook);
    try {
      const merchant = await merchantWithEndpoint('/replicas');
      const deliveryIds = await createDeliveries(merchant.test, 40);
      await waitFor(() => (distinctEvents('/replicas') === 200 ? true : undefined), 30000, 100);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const perEvent = expectAllEvents(at('/replicas'), deliveryIds);
      expect([...perEvent.values()].every((count) => count === 1)).toBe(true);
      expect(at('/replicas')).toHaveLength(200);
    } finally {
      await replica.stop();
    }
  }, 60000);

  it('queues an attempt again when Redis lost its job (the sweep), without sending what was recorded', async () => {
    const merchant = await merchantWithEndpoint('/lost');
    const [deliveryId] = await createDeliveries(merchant.test, 1);
    // The first attempt is in flight (the receiver takes 2 s) when the dispatcher dies and Redis loses the queue.
    await waitFor(() => (at('/lost').length >= 1 ? true : undefined), 10000, 10);
    await system.stopApp(ServiceName.Webhook, 'SIGKILL');
    const redis = new Redis(testEnv().redisUrl);
    try {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${system.prefix}:${ServiceQueue.WebhookAttempts}:*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    } finally {
      redis.disconnect();
    }

    await system.startApp(ServiceName.Webhook, { WEBHOOK_SWEEP_INTERVAL_MS: '300', WEBHOOK_SWEEP_GRACE_MS: '1000' });
    const listed = await call('GET', `/v1/events?delivery_id=${deliveryId}&type=delivery.created`, merchant.test);
    const eventId = (listed.body.data as Envelope[])[0].id;
    const delivery = await waitFor(async () => {
      const detail = await call('GET', `/v1/events/${eventId}`, merchant.test);
      const [first] = detail.body.deliveries as Array<{ status: string; attempts: Array<Record<string, unknown>> }>;
      return first?.status === 'succeeded' ? first : undefined;
    }, 20000);
    expect(delivery.attempts).toEqual([expect.objectContaining({ number: 1, succeeded: true, status_code: 200 })]);
    // Sent twice: once by the dead dispatcher (its outcome lost with it), once after the sweep.
    expect(at('/lost').filter((request) => envelopeOf(request).id === eventId)).toHaveLength(2);
  }, 60000);

  it('makes a first attempt whose replica died making it (the batch’s cover job), and sends nothing twice that was recorded', async () => {
    const merchant = await merchantWithEndpoint('/covered');
    const [deliveryId] = await createDeliveries(merchant.test, 1);
    // delivery.created's first attempt is made by the replica that stored it, with no job of its own; it dies mid-request.
    await waitFor(() => (at('/covered').length >= 1 ? true : undefined), 10000, 10);
    await system.stopApp(ServiceName.Webhook, 'SIGKILL');
    // What the dead replica sent (a fast timeline may have had a second event in flight too): their outcomes died with it.
    const sentByTheDead = new Set(at('/covered').map((request) => envelopeOf(request).id)).size;
    // The sweep's grace is five minutes here: only the cover job can make the attempt within the test's time.
    await system.startApp(ServiceName.Webhook);
    const created = envelopeOf(at('/covered')[0]);
    const detail = await waitFor(
      async () => {
        const response = await call('GET', `/v1/events/${created.id}`, merchant.test);
        const [first] = response.body.deliveries as Array<{ status: string; attempts: Array<Record<string, unknown>> }>;
        return first?.status === 'succeeded' ? first : undefined;
      },
      60000,
      500,
    );
    expect(detail.attempts).toEqual([expect.objectContaining({ number: 1, succeeded: true, status_code: 200 })]);
    expect(at('/covered').filter((request) => envelopeOf(request).id === created.id)).toHaveLength(2);

    // Every cover job has come due and run: those of the events recorded at the first try sent nothing again.
    await waitFor(() => (distinctEvents('/covered') === EVENTS_PER_DELIVERY.length ? true : undefined), 30000, 100);
    const redis = new Redis(testEnv().redisUrl);
    try {
      const queue = `${system.prefix}:${ServiceQueue.WebhookAttempts}`;
      await waitFor(
        async () => {
          const [delayed, waiting, active] = await Promise.all([redis.zcard(`${queue}:delayed`), redis.llen(`${queue}:wait`), redis.llen(`${queue}:active`)]);
          return delayed + waiting + active === 0 ? true : undefined;
        },
        60000,
        500,
      );
      expect(await redis.zcard(`${queue}:failed`)).toBe(0);
    } finally {
      redis.disconnect();
    }
    expectAllEvents(at('/covered'), [deliveryId]);
    expect(at('/covered')).toHaveLength(EVENTS_PER_DELIVERY.length + sentByTheDead);
  }, 150000);

  it('checks the target again at send time: a host no longer allowed gets nothing', async () => {
    const merchant = await merchantWithEndpoint('/revoked');
    await system.stopApp(ServiceName.Webhook);
    // The same dispatcher without its development allow-list: localhost is a local name again.
    await system.startApp(ServiceName.Webhook, { WEBHOOK_ALLOWED_HOSTS: '' });
    const [deliveryId] = await createDeliveries(merchant.test, 1);
    const events = await waitFor(async () => {
      const listed = await call('GET', `/v1/events?delivery_id=${deliveryId}&type=delivery.created`, merchant.test);
      return (listed.body.data as Envelope[]).length === 1 ? (listed.body.data as Envelope[]) : undefined;
    });
    const attempt = await waitFor(async () => {
      const detail = await call('GET', `/v1/events/${events[0].id}`, merchant.test);
      const deliveries = detail.body.deliveries as Array<{ attempts: Array<Record<string, unknown>> }>;
      return deliveries[0]?.attempts[0];
    });
    expect(attempt).toMatchObject({ succeeded: false, status_code: null, error: 'url refused: must point at a host on the public internet' });
    expect(at('/revoked')).toHaveLength(0);
  }, 30000);
});
