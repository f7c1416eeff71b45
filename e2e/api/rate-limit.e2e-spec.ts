import { Agent, IncomingHttpHeaders, request } from 'node:http';
import { GatewayReplica, TcpRelay, TestSystem, testEnv, waitFor } from '@sdd/testing';

const LIMIT = 100;
/** A route that needs a key and answers without the bus: authentication runs, then validation refuses the query. */
const KEYED = '/v1/deliveries?limit=x';
const RATE_LIMIT_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'];

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  elapsedMs: number;
}

interface SendOptions {
  /** Source address: any of 127.0.0.0/8 reaches the gateway, so each test can be a client IP of its own. */
  from?: string;
  key?: string;
  headers?: Record<string, string>;
}

const agent = new Agent({ keepAlive: true });

function send(url: string, { from = '127.0.0.1', key, headers = {} }: SendOptions = {}): Promise<Reply> {
  const started = Date.now();
  const allHeaders = key ? { ...headers, Authorization: `Bearer ${key}` } : headers;
  return new Promise((resolve, reject) => {
    request(url, { agent, localAddress: from, headers: allHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks).toString(),
          elapsedMs: Date.now() - started,
        }),
      );
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const remaining = (reply: Reply) => Number(reply.headers['x-ratelimit-remaining']);

/**
 * Counting tests must not straddle the minute: start them with at least
 * `seconds` left in the window (waiting for the next one otherwise), and get
 * the window end the gateway will report.
 */
async function roomInWindow(seconds = 10): Promise<number> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return Math.floor(Date.now() / 60_000) * 60 + 60;
}

/** Spends `count` requests of one identity, a few at a time, alternating between gateways. */
async function spend(urls: readonly string[], count: number, options: SendOptions, path = '/v1/nowhere'): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (let i = 0; i < count; i += 10) {
    const batch = Array.from({ length: Math.min(10, count - i) }, (_, j) => send(`${urls[(i + j) % urls.length]}${path}`, options));
    replies.push(...(await Promise.all(batch)));
  }
  return replies;
}

describe('rate limit (two gateway replicas on one Redis, real processes)', () => {
  const system = new TestSystem();
  let replica: GatewayReplica;
  let gateways: string[];
  /** Valid keys, each used by one test only: only a valid key has a budget of its own. */
  let keys: string[];

  beforeAll(async () => {
    // All five apps, so that GET /v1/health answers 200: the headers are checked on a 2xx too.
    await system.start({ env: { HEALTH_TIMEOUT_MS: '1000' } });
    replica = await system.startGatewayReplica();
    gateways = [system.baseUrl, replica.baseUrl];
    keys = [];
    for (let i = 0; i < 4; i++) {
      const { test, live } = await system.registerMerchant();
      keys.push(test, live);
    }
  }, 120000);

  afterAll(async () => {
    agent.destroy();
    await system.stop();
  });

  it('lets 100 requests of one key through across both replicas and refuses the 101st with the envelope', async () => {
    const windowEnd = await roomInWindow();
    const key = keys[0];

    for (let n = 1; n <= LIMIT; n++) {
      const reply = await send(`${gateways[n % 2]}${KEYED}`, { key });
      expect(reply.status).not.toBe(429);
      expect(reply.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(remaining(reply)).toBe(LIMIT - n);
      expect(reply.headers['x-ratelimit-reset']).toBe(String(windowEnd));
    }

    const refused = await send(`${gateways[1]}${KEYED}`, { key });
    const secondsLeft = windowEnd - Date.now() / 1000;
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(refused.body)).toEqual({
      error: {
        type: 'rate_limit_error',
        code: 'rate_limit_exceeded',
        message: `Too many requests: the limit of 100 per minute resets at ${new Date(windowEnd * 1000).toISOString()}.`,
        param: null,
        request_id: refused.headers['x-request-id'],
      },
    });
    expect(refused.headers['x-request-id']).toEqual(expect.any(String));
    expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(refused.headers['x-ratelimit-remaining']).toBe('0');
    expect(refused.headers['x-ratelimit-reset']).toBe(String(windowEnd));
    const retryAfter = Number(refused.headers['retry-after']);
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(Math.abs(retryAfter - secondsLeft)).toBeLessThanOrEqual(1);

    const again = await send(`${gateways[0]}${KEYED}`, { key });
    expect(again.status).toBe(429);
    expect(again.headers['x-ratelimit-remaining']).toBe('0');
  });

  it('gives each of many concurrent requests of one key its own count, and refuses exactly those past the limit', async () => {
    await roomInWindow();
    const key = keys[6];
    // All at once, across both replicas: one counter in Redis, whichever replica counts.
    const replies = await Promise.all(Array.from({ length: LIMIT + 20 }, (_, i) => send(`${gateways[i % 2]}${KEYED}`, { key })));
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(20);
    const counted = replies.filter((reply) => reply.status !== 429).map(remaining);
    expect(counted.sort((a, b) => a - b)).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
  });

  it('puts the headers on a 2xx and on a 404 for an unknown route', async () => {
    const windowEnd = await roomInWindow();
    const from = '127.0.0.2';

    const health = await send(`${replica.baseUrl}/v1/health`, { from });
    expect(health.status).toBe(200);
    expect(health.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(remaining(health)).toBe(LIMIT - 1);
    expect(health.headers['x-ratelimit-reset']).toBe(String(windowEnd));

    const unknown = await send(`${system.baseUrl}/v1/nowhere`, { from });
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('resource_missing');
    expect(unknown.headers['x-ratelimit-limit']).toBe(String(LIMIT));
    expect(remaining(unknown)).toBe(LIMIT - 2);
    expect(unknown.headers['x-ratelimit-reset']).toBe(String(windowEnd));
  });

  it('gives each key a budget of its own, apart from keyless requests', async () => {
    await roomInWindow();
    const exhausted = keys[1];
    const from = '127.0.0.3';
    await spend(gateways, LIMIT, { key: exhausted, from }, KEYED);
    expect((await send(`${system.baseUrl}${KEYED}`, { key: exhausted, from })).status).toBe(429);

    const other = await send(`${replica.baseUrl}${KEYED}`, { key: keys[2], from });
    expect(other.status).toBe(400);
    expect(remaining(other)).toBe(LIMIT - 1);

    const keyless = await send(`${system.baseUrl}/v1/nowhere`, { from });
    expect(keyless.status).toBe(404);
    expect(remaining(keyless)).toBe(LIMIT - 1);
  });

  it('counts keyless, malformed-credential and made-up-key requests per client IP', async () => {
    await roomInWindow();
    const from = '127.0.0.4';
    const replies = await spend(gateways, LIMIT, { from });
    expect(replies.filter((reply) => reply.status === 429)).toHaveLength(0);

    expect((await send(`${replica.baseUrl}/v1/nowhere`, { from })).status).toBe(429);
    for (const authorization of ['Bearer', 'Basic dXNlcjpwYXNz']) {
      expect((await send(`${system.baseUrl}/v1/nowhere`, { from, headers: { Authorization: authorization } })).status).toBe(429);
    }
    expect((await send(`${system.baseUrl}/v1/nowhere`, { from: '127.0.0.5' })).status).toBe(404);
    expect((await send(`${system.baseUrl}${KEYED}`, { from, key: `svc_test_${'0'.repeat(43)}` })).status).toBe(429);
    expect((await send(`${system.baseUrl}${KEYED}`, { from, key: keys[3] })).status).toBe(400);
  });

  it('neither counts nor labels requests on the ops port', async () => {
    await roomInWindow();
    const key = keys[4];
    for (const opsUrl of [system.opsUrl, replica.opsUrl]) {
      for (let i = 0; i < 5; i++) {
        const probe = await send(`${opsUrl}/health/live`, { key });
        expect(probe.status).toBe(200);
        for (const header of RATE_LIMIT_HEADERS) expect(probe.headers[header]).toBeUndefined();
      }
    }
    expect(remaining(await send(`${system.baseUrl}${KEYED}`, { key }))).toBe(LIMIT - 1);
  });

  describe('when Redis stops answering', () => {
    let relay: TcpRelay;
    let cutOff: GatewayReplica;

    beforeAll(async () => {
      const redis = new URL(testEnv().redisUrl);
      relay = new TcpRelay(redis.hostname, Number(redis.port));
      // The same Redis (and its password) through the relay.
      const relayed = new URL(redis);
      relayed.hostname = '127.0.0.1';
      relayed.port = String(await relay.listen());
      cutOff = await system.startGatewayReplica({ REDIS_URL: relayed.toString() });
    }, 60000);

    afterAll(async () => {
      relay.pass();
      await relay.close();
    });

    it('lets requests through without headers, within the timeout, warning once; headers return with Redis', async () => {
      const key = keys[5];
      const url = `${cutOff.baseUrl}${KEYED}`;
      expect(remaining(await send(url, { key }))).toBe(LIMIT - 1);

      const outageStarted = Date.now();
      relay.blackHole();
      const duringHang = [await send(url, { key }), await send(url, { key }), await send(url, { key })];
      relay.refuse();
      const duringRefusal = [await send(url, { key }), await send(url, { key })];

      // Each request waited for the limiter's Redis timeout (200 ms), and no longer.
      for (const reply of duringHang) expect(reply.elapsedMs).toBeGreaterThanOrEqual(190);
      for (const reply of [...duringHang, ...duringRefusal]) {
        expect(reply.status).toBe(400);
        expect(reply.elapsedMs).toBeLessThan(1000);
        for (const header of RATE_LIMIT_HEADERS) expect(reply.headers[header]).toBeUndefined();
      }

      relay.pass();
      const recovered = await waitFor(
        async () => {
          const reply = await send(url, { key });
          return reply.headers['x-ratelimit-remaining'] === undefined ? undefined : reply;
        },
        15000,
        200,
      );
      expect(recovered.status).toBe(400);
      const outageMs = Date.now() - outageStarted;

      const warnings = cutOff.logs().filter((line) => line.includes('Rate limit not applied'));
      expect(warnings.length).toBeGreaterThanOrEqual(1);
      expect(warnings.length).toBeLessThanOrEqual(1 + Math.floor(outageMs / 10_000));
      expect(cutOff.logs().join('\n')).not.toContain(key);
    }, 30000);
  });
});
