import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort, GatewayReplica, loadInfra, startTlsRedis, timedRequest, TlsRedis, TestSystem, uniquePrefix, waitFor } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const TIMELINE_SPEED = 20;
/** decisions.md: a dependency down answers 503 with Retry-After, within 5 s; a refused login is known at once. */
const FAST_MS = 2500;
const APP_USER = { username: 'sdd-app', password: 'pa:ss/w@rd#1' };

const ONE_TRY = { lazyConnect: true, maxRetriesPerRequest: 0, enableOfflineQueue: false, retryStrategy: () => null };

/** Why a PING on `client` failed (connection or reply error), or undefined if it answered. */
async function refusal(client: Redis): Promise<string | undefined> {
  const errors: string[] = [];
  client.on('error', (error: Error) => errors.push(error.message));
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return [...errors, (error as Error).message].join('; ');
  } finally {
    client.disconnect();
  }
}

/** Connections open on the server, by client name. */
async function clientNames(redis: Redis): Promise<Set<string>> {
  const list = (await redis.client('LIST')) as string;
  return new Set(
    list
      .split('\n')
      .map((line) => /(?:^| )name=(\S*)/.exec(line)?.[1] ?? '')
      .filter(Boolean),
  );
}

/**
 * The whole system on a Redis that speaks only TLS (its certificate signed by
 * a CA of the test's own, trusted through REDIS_TLS_CA_FILE) and admits only
 * an ACL user with a password: everything works through
 * `rediss://user:password@…`, and a wrong password is a fast 503.
 */
describe('Redis over TLS with an ACL user (rediss://user:password@…)', () => {
  const infra = loadInfra();
  const dir = join(infra.repoRoot, '.data', uniquePrefix('tls-redis'));
  const system = new TestSystem();
  let redis: TlsRedis;
  let admin: Redis;
  let key: string;

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key, body });

  beforeAll(async () => {
    redis = await startTlsRedis(dir, APP_USER);
    admin = redis.connect(APP_USER, 'tls-test-admin');
    await admin.connect();
    await system.start({
      env: {
        REDIS_URL: redis.url(APP_USER),
        REDIS_TLS_CA_FILE: redis.caFile,
        TIMELINE_SPEED: String(TIMELINE_SPEED),
        RATE_LIMIT_PER_MINUTE: '100000',
      },
    });
    key = (await system.registerMerchant('TLS Redis Co')).test;
  }, 120_000);

  afterAll(async () => {
    await system.stop();
    admin?.disconnect();
    await redis?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the server really refuses plaintext and anonymous clients', async () => {
    expect(await refusal(new Redis(redis.port, '127.0.0.1', { ...ONE_TRY, connectTimeout: 2000 }))).toBeDefined();
    const anonymous = new Redis(redis.port, '127.0.0.1', { ...ONE_TRY, tls: { ca: readFileSync(redis.caFile, 'utf8') } });
    expect(await refusal(anonymous)).toMatch(/NOAUTH/);
  });

  it('a quote and a delivery created through HTTP run their whole timeline to delivered', async () => {
    const quote = await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF });
    expect(quote.status).toBe(200);
    const created = await call('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await waitFor(async () => ((await call('GET', `/v1/deliveries/${id}`)).body.status === 'delivered' ? true : undefined), 60_000, 200);
    expect((await call('GET', '/v1/health')).status).toBe(200);

    // Every kind of connection went through this server (it has no other port): bus, queues, rate limiter, readiness.
    const names = await clientNames(admin);
    for (const name of ['api-gateway-rate-limit', 'bus-client', 'bus-replies', 'delivery-timeline-producer', 'webhook-attempts-worker', 'delivery-service-main']) {
      expect({ name, open: names.has(name) }).toEqual({ name, open: true });
    }
    const [, busKeys] = await admin.scan('0', 'MATCH', `${system.prefix}:*`, 'COUNT', 10_000);
    expect(busKeys.length).toBeGreaterThan(0);
  }, 90_000);

  it('a gateway given a wrong password answers 503 service_unavailable with Retry-After at once, never ready', async () => {
    const publicPort = await freePort();
    const baseUrl = `http://127.0.0.1:${publicPort}`;
    const wrong = redis.url({ ...APP_USER, password: 'not-the-password' });
    const starting: Promise<GatewayReplica | Error> = system
      .startGatewayReplica({ REDIS_URL: wrong, REDIS_TLS_CA_FILE: redis.caFile, PORT: String(publicPort) })
      .catch((error: Error) => error);
    await waitFor(() => timedRequest(baseUrl, 'GET', '/v1/health').catch(() => undefined), 30_000, 200);

    for (const [method, path, body] of [
      ['POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF }],
      ['GET', '/v1/merchants/me', undefined],
      ['GET', '/v1/health', undefined],
    ] as const) {
      const response = await timedRequest(baseUrl, method, path, { key, body, timeoutMs: 10_000 });
      expect({ path, status: response.status, code: response.body.error?.code }).toEqual({ path, status: 503, code: 'service_unavailable' });
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(response.elapsedMs).toBeLessThan(FAST_MS);
    }
    // The right password on the same server keeps working meanwhile.
    expect((await call('GET', '/v1/merchants/me')).status).toBe(200);
    // Still not ready: startGatewayReplica has not resolved (stop() ends it).
    const settled = await Promise.race([starting.then(() => 'settled'), new Promise((resolve) => setTimeout(() => resolve('pending'), 500))]);
    expect(settled).toBe('pending');
  }, 60_000);
});
