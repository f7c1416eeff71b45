import { randomBytes } from 'node:crypto';
import { Agent, IncomingHttpHeaders, request } from 'node:http';
import { GatewayReplica, TestSystem, waitFor } from '@sdd/testing';

const LIMIT = 30;
const TRACKING_LIMIT = 10;
const REGISTRATION_LIMIT = 3;
/** A keyed route that answers without the bus: authentication runs, then validation refuses the query. */
const KEYED = '/v1/deliveries?limit=x';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

interface SendOptions {
  /** Source address: any of 127.0.0.0/8 reaches the gateway, so each test can be a client IP of its own. */
  from?: string;
  method?: string;
  headers?: Record<string, string>;
  body?: unknown;
}

const agent = new Agent({ keepAlive: true });

/** Sends `path` exactly as written (no URL normalisation), so encoded and doubled slashes reach the server. */
function send(base: string, path: string, { from = '127.0.0.1', method = 'GET', headers = {}, body }: SendOptions = {}): Promise<Reply> {
  const { hostname, port } = new URL(base);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const allHeaders = payload === undefined ? headers : { ...headers, 'content-type': 'application/json' };
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path, method, agent, localAddress: from, headers: allHeaders }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end(payload);
  });
}

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const madeUpKey = () => `svc_test_${randomBytes(32).toString('base64url').replace(/[-_]/g, '0').slice(0, 43)}`;
const remaining = (reply: Reply) => Number(reply.headers['x-ratelimit-remaining']);
const errorOf = (reply: Reply) => (JSON.parse(reply.body) as { error: { code: string; message: string } }).error;

/**
 * Counting tests must not straddle a window: start them with at least
 * `seconds` left in it (waiting for the next one otherwise); resolves with the
 * window end the gateway will report.
 */
async function roomInWindow(seconds = 15, windowSeconds = 60): Promise<number> {
  const windowMs = windowSeconds * 1000;
  const left = windowMs - (Date.now() % windowMs);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return Math.floor(Date.now() / windowMs) * windowSeconds + windowSeconds;
}

function registration(email: string) {
  return {
    business_name: 'Limits Test Merchant',
    email,
    phone: '+1 416 555 0120',
    address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
  };
}

const uniqueEmail = () => `limits+${randomBytes(6).toString('hex')}@example.ca`;

describe('limits that cannot be dodged (real gateway processes, TRUST_PROXY=127.0.0.1)', () => {
  const system = new TestSystem();
  let keys: { test: string; live: string };
  let untrusting: GatewayReplica;

  async function register(base: string, from: string, email = uniqueEmail()): Promise<Reply> {
    return send(base, '/v1/merchants/register', { from, method: 'POST', body: registration(email) });
  }

  beforeAll(async () => {
    // All five apps, so that the ops port's /internal/health answers 200.
    await system.start({
      env: {
        RATE_LIMIT_PER_MINUTE: String(LIMIT),
        TRACKING_LIMIT_PER_MINUTE: String(TRACKING_LIMIT),
        REGISTRATION_LIMIT_PER_HOUR: String(REGISTRATION_LIMIT),
        TRUST_PROXY: '127.0.0.1',
        HEALTH_TIMEOUT_MS: '1000',
      },
    });
    untrusting = await system.startGatewayReplica({ TRUST_PROXY: '' });
    const registered = await register(system.baseUrl, '127.0.1.1');
    expect(registered.status).toBe(201);
    keys = (JSON.parse(registered.body) as { api_keys: { test: string; live: string } }).api_keys;
  }, 180000);

  afterAll(async () => {
    agent.destroy();
    await system.stop();
  });

  describe('made-up bearer values', () => {
    it('share their client IP budget with keyless requests, on keyed, public and unknown routes alike', async () => {
      const windowEnd = await roomInWindow();
      const from = '127.0.2.1';
      const attempts: Array<[string, Record<string, string>]> = [
        [KEYED, bearer(madeUpKey())],
        [KEYED, bearer(madeUpKey())],
        [KEYED, bearer('not-even-a-key')],
        [KEYED, {}],
        ['/v1/health', bearer(madeUpKey())],
        ['/v1/nowhere', bearer(madeUpKey())],
      ];
      for (const [n, [path, headers]] of attempts.entries()) {
        const reply = await send(system.baseUrl, path, { from, headers });
        expect(reply.headers['x-ratelimit-limit']).toBe(String(LIMIT));
        expect(reply.headers['x-ratelimit-reset']).toBe(String(windowEnd));
        expect(remaining(reply)).toBe(LIMIT - 1 - n);
      }
      for (let n = attempts.length; n < LIMIT; n++) {
        expect((await send(system.baseUrl, KEYED, { from, headers: bearer(madeUpKey()) })).status).toBe(401);
      }

      const refused = await send(system.baseUrl, KEYED, { from, headers: bearer(madeUpKey()) });
      expect(refused.status).toBe(429);
      expect(errorOf(refused)).toMatchObject({
        code: 'rate_limit_exceeded',
        message: `Too many requests: the limit of ${LIMIT} per minute resets at ${new Date(windowEnd * 1000).toISOString()}.`,
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((await send(system.baseUrl, '/v1/health', { from, headers: bearer(madeUpKey()) })).status).toBe(429);
    }, 60000);

    it('leave a valid key its own budget, and a valid key leaves the IP budget alone', async () => {
      await roomInWindow();
      const from = '127.0.2.2';
      const first = await send(system.baseUrl, KEYED, { from, headers: bearer(keys.live) });
      expect(first.status).toBe(400);
      const keyLeft = remaining(first);
      expect(keyLeft).toBeLessThan(LIMIT);

      for (let n = 1; n <= LIMIT; n++) {
        const reply = await send(system.baseUrl, KEYED, { from, headers: bearer(madeUpKey()) });
        expect(reply.status).toBe(401);
        expect(remaining(reply)).toBe(LIMIT - n);
      }
      expect((await send(system.baseUrl, KEYED, { from, headers: bearer(madeUpKey()) })).status).toBe(429);

      const again = await send(system.baseUrl, KEYED, { from, headers: bearer(keys.live) });
      expect(again.status).toBe(400);
      expect(remaining(again)).toBe(keyLeft - 1);
    }, 60000);
  });

  describe('TRUST_PROXY', () => {
    it('believes X-Forwarded-For from a listed peer, taking the right-most address that is not a proxy', async () => {
      await roomInWindow();
      const viaProxy = (forwardedFor: string) => send(system.baseUrl, '/v1/nowhere', { from: '127.0.0.1', headers: { 'X-Forwarded-For': forwardedFor } });
      expect(remaining(await viaProxy('198.51.100.1'))).toBe(LIMIT - 1);
      expect(remaining(await viaProxy('198.51.100.2'))).toBe(LIMIT - 1);
      // What the client wrote to the left of the address the proxy saw changes nothing.
      expect(remaining(await viaProxy('203.0.113.99, 198.51.100.1'))).toBe(LIMIT - 2);
      expect(remaining(await viaProxy('203.0.113.98, 198.51.100.1, 127.0.0.1'))).toBe(LIMIT - 3);
    });

    it('ignores X-Forwarded-For from a peer that is not listed', async () => {
      await roomInWindow();
      const from = '127.0.2.3';
      const spoofed = (forwardedFor: string) => send(system.baseUrl, '/v1/nowhere', { from, headers: { 'X-Forwarded-For': forwardedFor } });
      expect(remaining(await spoofed('198.51.100.3'))).toBe(LIMIT - 1);
      expect(remaining(await spoofed('198.51.100.4'))).toBe(LIMIT - 2);
      expect(remaining(await spoofed('127.0.0.1'))).toBe(LIMIT - 3);
      expect(remaining(await send(system.baseUrl, '/v1/nowhere', { from }))).toBe(LIMIT - 4);
    });

    it('ignores X-Forwarded-For altogether on a gateway without TRUST_PROXY, even from 127.0.0.1', async () => {
      await roomInWindow();
      const first = await send(untrusting.baseUrl, '/v1/nowhere', { from: '127.0.0.1', headers: { 'X-Forwarded-For': '198.51.100.5' } });
      const second = await send(untrusting.baseUrl, '/v1/nowhere', { from: '127.0.0.1', headers: { 'X-Forwarded-For': '198.51.100.6' } });
      expect(remaining(second)).toBe(remaining(first) - 1);
    });
  });

  describe('the public tracking page', () => {
    async function trackingPath(): Promise<{ id: string; path: string }> {
      const quote = await system.request('POST', '/v1/quotes', {
        key: keys.test,
        body: { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' },
      });
      expect(quote.status).toBe(200);
      const created = await system.request('POST', '/v1/deliveries', {
        key: keys.test,
        body: { quote_id: quote.body.id, customer: { name: 'Amélie Tremblay', phone: '416 555 0142', email: 'amelie@example.ca' } },
      });
      expect(created.status).toBe(201);
      return { id: created.body.id as string, path: new URL(created.body.tracking_url as string).pathname };
    }

    it("has a budget per token: polls use up neither the merchant's key budget nor the client IP's", async () => {
      const [tracked, other] = [await trackingPath(), await trackingPath()];
      const windowEnd = await roomInWindow(20);
      const from = '127.0.2.4';
      const keyBefore = remaining(await send(system.baseUrl, KEYED, { from, headers: bearer(keys.test) }));
      const ipBefore = remaining(await send(system.baseUrl, '/v1/nowhere', { from }));

      const page = await send(system.baseUrl, tracked.path, { from });
      expect(page.status).toBe(200);
      expect(page.headers['x-ratelimit-limit']).toBe(String(TRACKING_LIMIT));
      expect(remaining(page)).toBe(TRACKING_LIMIT - 1);
      for (let n = 2; n <= TRACKING_LIMIT; n++) {
        // Half the polls carry the merchant's key, as a dashboard embedding the page might.
        const poll = await send(system.baseUrl, `${tracked.path}/status`, { from, headers: n % 2 === 0 ? bearer(keys.test) : {} });
        expect(poll.status).toBe(200);
        expect(remaining(poll)).toBe(TRACKING_LIMIT - n);
      }

      const refused = await send(system.baseUrl, `${tracked.path}/status`, { from });
      expect(refused.status).toBe(429);
      expect(errorOf(refused).message).toBe(`Too many requests: the limit of ${TRACKING_LIMIT} per minute resets at ${new Date(windowEnd * 1000).toISOString()}.`);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      const otherPoll = await send(system.baseUrl, `${other.path}/status`, { from });
      expect(otherPoll.status).toBe(200);
      expect(remaining(otherPoll)).toBe(TRACKING_LIMIT - 1);
      expect(remaining(await send(system.baseUrl, KEYED, { from, headers: bearer(keys.test) }))).toBe(keyBefore - 1);
      expect(remaining(await send(system.baseUrl, '/v1/nowhere', { from }))).toBe(ipBefore - 1);
    }, 60000);

    it('counts tokens that do not exist against the client IP, so guessing tokens is limited like guessing keys', async () => {
      const tracked = await trackingPath();
      await roomInWindow(20);
      const from = '127.0.2.8';
      for (let n = 0; n < LIMIT; n++) {
        const guess = await send(system.baseUrl, `/track/${randomBytes(24).toString('base64url')}/status`, { from, headers: bearer(madeUpKey()) });
        expect(guess.status).toBe(404);
        expect(guess.headers['x-ratelimit-limit']).toBe(String(TRACKING_LIMIT));
      }

      // The failed lookups are counted once answered; the real token's page is then refused from this IP.
      const refused = await waitFor(
        async () => {
          const poll = await send(system.baseUrl, `${tracked.path}/status`, { from });
          return poll.status === 429 ? poll : undefined;
        },
        5000,
        50,
      );
      expect(refused.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(errorOf(refused).message).toContain(`the limit of ${LIMIT} per minute`);
      expect((await send(system.baseUrl, '/v1/nowhere', { from })).status).toBe(429);

      const elsewhere = await send(system.baseUrl, `${tracked.path}/status`, { from: '127.0.2.9' });
      expect(elsewhere.status).toBe(200);
    }, 60000);
  });

  describe('driver tokens', () => {
    it('count driver tokens nobody holds against the client IP, so a fleet of made-up tokens buys nothing', async () => {
      await roomInWindow(20);
      const from = '127.0.2.12';
      for (let n = 0; n < LIMIT; n++) {
        const guess = await send(system.baseUrl, '/v1/driver/offers', {
          from,
          headers: bearer(`drv_tok_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'a').slice(0, 32)}`),
        });
        expect(guess.status).toBe(401);
      }
      const refused = await waitFor(
        async () => {
          const next = await send(system.baseUrl, '/v1/nowhere', { from });
          return next.status === 429 ? next : undefined;
        },
        5000,
        50,
      );
      expect(errorOf(refused).message).toContain(`the limit of ${LIMIT} per minute`);
      expect((await send(system.baseUrl, '/v1/driver/offers', { from, headers: bearer(`drv_tok_${'b'.repeat(32)}`) })).status).toBe(429);
    }, 60000);
  });

  describe('registration', () => {
    it('allows REGISTRATION_LIMIT_PER_HOUR attempts per client IP, duplicates included, then 429 naming the reset', async () => {
      const hourEnd = await roomInWindow(30, 3600);
      const from = '127.0.2.5';
      const email = uniqueEmail();
      expect((await register(system.baseUrl, from, email)).status).toBe(201);
      const duplicate = await register(system.baseUrl, from, email);
      expect(duplicate.status).toBe(409);
      expect(errorOf(duplicate).code).toBe('merchant_exists');
      expect((await register(system.baseUrl, from)).status).toBe(201);

      const refused = await register(system.baseUrl, from);
      expect(refused.status).toBe(429);
      expect(errorOf(refused)).toMatchObject({
        code: 'rate_limit_exceeded',
        message: `Too many requests: the limit of ${REGISTRATION_LIMIT} per hour resets at ${new Date(hourEnd * 1000).toISOString()}.`,
      });
      expect(refused.headers['x-ratelimit-limit']).toBe(String(REGISTRATION_LIMIT));
      expect(refused.headers['x-ratelimit-remaining']).toBe('0');
      expect(refused.headers['x-ratelimit-reset']).toBe(String(hourEnd));
      const retryAfter = Number(refused.headers['retry-after']);
      expect(Math.abs(retryAfter - (hourEnd - Date.now() / 1000))).toBeLessThanOrEqual(2);
      // Not a way to probe emails either: a duplicate is refused before it is looked up.
      expect((await register(system.baseUrl, from, email)).status).toBe(429);
      // The other replica shares the count.
      expect((await register(untrusting.baseUrl, from)).status).toBe(429);

      expect((await register(system.baseUrl, '127.0.2.6')).status).toBe(201);
    }, 60000);
  });

  describe('ops routes', () => {
    it.each([
      '/internal/health',
      '/%69nternal/health',
      '/%49nternal/health',
      '/internal%2Fhealth',
      '/internal%2fhealth',
      '//internal/health',
      '/INTERNAL/health',
      '/internal/health/',
      '/internal/./health',
      '/internal/health?x=1',
      '/health/live',
      '/%68ealth/live',
      '/health/%72eady',
      '/%68%65%61%6c%74%68/ready',
    ])('answer 404 for %s on the public port', async (path) => {
      const reply = await send(system.baseUrl, path, { from: '127.0.2.7' });
      expect(reply.status).toBe(404);
      expect(errorOf(reply).code).toBe('resource_missing');
      expect(reply.body).not.toContain('services');
    });

    it('still answer on the ops port, which in turn serves no public route however it is spelled', async () => {
      const internal = await send(system.opsUrl, '/internal/health');
      expect(internal.status).toBe(200);
      expect(JSON.parse(internal.body)).toMatchObject({ status: 'ok', services: expect.any(Array) });
      expect((await send(system.opsUrl, '/health/live')).status).toBe(200);
      for (const path of ['/v1/health', '/%761/health', '/v1/%68ealth']) {
        expect((await send(system.opsUrl, path)).status).toBe(404);
      }
    });
  });
});
