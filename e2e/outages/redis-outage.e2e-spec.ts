import { Redis } from 'ioredis';
import { freePort, GatewayReplica, metricValue, OwnRedis, planOwnRedis, startOwnRedis, TestSystem, timedRequest, TimedResponse, waitFor } from '@sdd/testing';

/** decisions.md: a dependency down answers 503 with Retry-After, within 5 s. */
const DUE_MS = 5000;
/** Well under the bus timeout (5 s): a send while Redis is down must not wait it out. */
const FAST_MS = 2500;
const UNKNOWN_KEY = `svc_test_${'0'.repeat(43)}`;
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

function expectUnavailable(name: string, response: TimedResponse, withinMs = DUE_MS): void {
  expect({ name, status: response.status, code: response.body.error?.code }).toEqual({ name, status: 503, code: 'service_unavailable' });
  expect(response.body.error?.type).toBe('api_error');
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(response.elapsedMs).toBeLessThan(withinMs);
}

/** Connections open on `redis`, by client name. */
async function clientsByName(redis: Redis): Promise<Map<string, number>> {
  const list = (await redis.client('LIST')) as string;
  const counts = new Map<string, number>();
  for (const line of list.split('\n').filter(Boolean)) {
    const name = /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '';
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return counts;
}

/**
 * Redis of the test's own, really stopped: what needs the bus answers 503
 * with Retry-After at once (not after the bus timeout), and everything works
 * again once Redis is back, with no app restarted. A gateway started while its
 * Redis is down leaves no connection behind per failed attempt and becomes
 * ready once Redis is up.
 */
describe('Redis outage', () => {
  const system = new TestSystem();
  const servers: OwnRedis[] = [];
  let key: string;
  let deliveryId: string;

  async function ownRedis(name: string): Promise<OwnRedis> {
    const redis = await startOwnRedis(name);
    servers.push(redis);
    return redis;
  }

  const call = (method: string, path: string, options: { key?: string; body?: unknown } = {}, baseUrl = system.baseUrl) => timedRequest(baseUrl, method, path, options);
  const newQuote = (baseUrl = system.baseUrl) => call('POST', '/v1/quotes', { key, body: { pickup_address: PICKUP, dropoff_address: DROPOFF } }, baseUrl);
  const newDelivery = (quoteId: unknown) => call('POST', '/v1/deliveries', { key, body: { quote_id: quoteId, customer: { name: 'Sam', phone: '416 555 0142' } } });

  /** The gateway's API-key lookups so far, answered from memory and from Postgres. */
  async function keyLookups(): Promise<{ cache: number; database: number }> {
    const text = await (await fetch(`${system.opsUrl}/metrics`)).text();
    const count = (source: string) => metricValue(text, 'sdd_api_key_lookups_total', { source }) ?? 0;
    return { cache: count('cache'), database: count('database') };
  }

  let redis: OwnRedis;

  beforeAll(async () => {
    redis = await ownRedis('redis-outage');
    await system.start({ env: { REDIS_URL: redis.url } });
    key = (await system.registerMerchant('Redis Outage Co')).test;
    const quote = await newQuote();
    const created = await newDelivery(quote.body.id);
    expect(created.status).toBe(201);
    deliveryId = created.body.id as string;
  }, 120000);

  afterAll(async () => {
    await system.stop();
    for (const server of servers) await server.dispose();
  }, 60000);

  it('stopped: what needs the bus answers 503 with Retry-After at once; all works again once it is back', async () => {
    const quote = await newQuote();
    expect(quote.status).toBe(200);
    await redis.stop();
    const lookupsBefore = await keyLookups();

    expectUnavailable('POST /v1/quotes', await newQuote(), FAST_MS);
    expectUnavailable('POST /v1/deliveries', await newDelivery(quote.body.id), FAST_MS);
    expectUnavailable('GET /v1/deliveries/{id}', await call('GET', `/v1/deliveries/${deliveryId}`, { key }), FAST_MS);
    expectUnavailable('GET /v1/merchants/me', await call('GET', '/v1/merchants/me', { key }), FAST_MS);
    expectUnavailable('GET /v1/health', await call('GET', '/v1/health'), FAST_MS);
    // The key lookup needs Postgres only, and the rate limiter lets requests through while Redis is away.
    const unknownKey = await call('GET', '/v1/merchants/me', { key: UNKNOWN_KEY });
    expect(unknownKey.status).toBe(401);
    expect(unknownKey.elapsedMs).toBeLessThan(DUE_MS);
    const ready = await fetch(`${system.opsUrl}/health/ready`, { signal: AbortSignal.timeout(DUE_MS) });
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).not.toBeNull();
    // Deaf to revocations while Redis is away, the gateway answers no key from memory, however recently it was looked up.
    const lookupsDuring = await keyLookups();
    expect(lookupsDuring.cache).toBe(lookupsBefore.cache);
    expect(lookupsDuring.database - lookupsBefore.database).toBe(5);

    await redis.start();
    await waitFor(async () => ((await call('GET', '/v1/health')).status === 200 ? true : undefined), 30000, 250);
    const again = await newQuote();
    expect(again.status).toBe(200);
    expect((await newDelivery(again.body.id)).status).toBe(201);
    expect((await newDelivery(quote.body.id)).status).toBe(201);
    expect((await call('GET', `/v1/deliveries/${deliveryId}`, { key })).status).toBe(200);
    expect((await call('GET', '/v1/merchants/me', { key })).status).toBe(200);
    expect((await fetch(`${system.opsUrl}/health/ready`)).status).toBe(200);
    // Subscribed again, it uses its cache again.
    await waitFor(
      async () => {
        const before = (await keyLookups()).cache;
        await call('GET', '/v1/merchants/me', { key });
        return (await keyLookups()).cache > before ? true : undefined;
      },
      10000,
      100,
    );
  }, 90000);

  it('a gateway started while its Redis is down leaves no connection behind per attempt, and becomes ready once Redis is up', async () => {
    // Its URL (and password) is known before it runs.
    const planned = await planOwnRedis('redis-late');
    const publicPort = await freePort();
    const baseUrl = `http://127.0.0.1:${publicPort}`;
    const starting: Promise<GatewayReplica | Error> = system.startGatewayReplica({ REDIS_URL: planned.url, PORT: String(publicPort) }).catch((error: Error) => error);
    await waitFor(() => call('GET', '/v1/health', {}, baseUrl), 30000, 200);

    const attempts = 8;
    for (let attempt = 0; attempt < attempts; attempt++) {
      expectUnavailable('GET /v1/health', await call('GET', '/v1/health', {}, baseUrl), FAST_MS);
      expectUnavailable('POST /v1/quotes', await newQuote(baseUrl), FAST_MS);
    }

    const late = await planned.start();
    servers.push(late);
    const replica = await starting;
    if (replica instanceof Error) throw replica;
    expect((await fetch(`${replica.opsUrl}/health/ready`)).status).toBe(200);

    const probe = new Redis(late.url, { connectionName: 'outage-probe', maxRetriesPerRequest: 1 });
    try {
      // A send opens the bus client now (no service listens on this Redis, so it is refused in the end).
      await call('GET', '/v1/health', {}, baseUrl);
      await waitFor(async () => ((await clientsByName(probe)).get('bus-replies') === 1 ? true : undefined), 10000, 100);
      // A connection left behind by a failed attempt reconnects within ioredis' backoff (≤ 2 s): watch for longer.
      const watchUntil = Date.now() + 4000;
      const seen: Array<Map<string, number>> = [];
      while (Date.now() < watchUntil) {
        seen.push(await clientsByName(probe));
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      for (const counts of seen) {
        expect(counts.get('bus-client')).toBe(1);
        expect(counts.get('bus-replies')).toBe(1);
        expect(counts.get('queue-board') ?? 0).toBeLessThanOrEqual(1);
        expect(counts.get('api-gateway-key-invalidations') ?? 0).toBeLessThanOrEqual(1);
        // The bus's two, the main one, the rate limiter's, the queue dashboard's and the key invalidations' subscriber: one each, none left behind per attempt.
        const total = [...counts.entries()].filter(([name]) => name !== 'outage-probe').reduce((sum, [, n]) => sum + n, 0);
        expect(total).toBeLessThanOrEqual(6);
      }
    } finally {
      probe.disconnect();
    }
  }, 90000);
});
