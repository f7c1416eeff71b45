import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { createServer, IncomingHttpHeaders, request, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Browser } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import { Fleet, launchTestBrowser, metricValue, PaymentFlow, TEST_OPS_TOKEN, TestSystem, testPhoto, waitFor, WITHOUT_LOAD_SHEDDING } from '@sdd/testing';

interface Reply {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

type Envelope = { error: { type: string; code: string; message: string; param: string | null; request_id: string } };

/** Sends `path` as written, from `from` (any 127.0.0.0/8 address reaches the gateway: each test its own client IP). */
function send(base: string, path: string, options: { from?: string; method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    request({ host: hostname, port, path, method: options.method ?? 'GET', localAddress: options.from ?? '127.0.0.1', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
      response.on('error', reject);
    })
      .on('error', reject)
      .end(options.body);
  });
}

/**
 * These bursts test the credential budgets: the gateway's load shedding
 * (load-shedding.e2e-spec.ts) must not answer them first, nor a bus timeout
 * (250 token lookups at once on a loaded 2-core machine can take longer than
 * the default 1.5 s).
 */
const NO_SHEDDING = { ...WITHOUT_LOAD_SHEDDING, BUS_TIMEOUT_MS: '20000' };
/** How many of each status, e.g. `{ 401: 50, 429: 200 }`: a failure shows every status that came. */
const tally = (statuses: number[]) => statuses.reduce<Record<number, number>>((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {});
const envelope = (reply: Reply) => (JSON.parse(reply.body) as Envelope).error;
const madeUpDriverToken = () => `drv_tok_${randomBytes(24).toString('base64url').replace(/[-_]/g, 'a').slice(0, 32)}`;

/**
 * Starts a photo upload that announces `announced` bytes, sends the first
 * 64 KB and no more: resolves with the answer, and whether the request was
 * still unfinished when it came (the gateway refused without reading the body).
 */
function unfinishedUpload(base: string, path: string, from: string, authorization: string, announced: number): Promise<{ status: number; unfinished: boolean }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const upload = request({
      host: hostname,
      port,
      path,
      method: 'POST',
      localAddress: from,
      headers: { authorization, 'content-type': 'image/jpeg', 'content-length': String(announced) },
    });
    upload.on('response', (response) => {
      const unfinished = !upload.writableFinished;
      response.resume();
      upload.destroy();
      resolve({ status: response.statusCode ?? 0, unfinished });
    });
    // The gateway closes the connection after refusing: that is no failure of the test.
    upload.on('error', (error: NodeJS.ErrnoException) => (['ECONNRESET', 'EPIPE'].includes(error.code ?? '') ? undefined : reject(error)));
    upload.write(testPhoto('x', 64 * 1024));
  });
}

/**
 * Counting tests must not straddle a rate-limit window: start them with at
 * least `seconds` left in the minute, waiting for the next one otherwise.
 */
async function roomInWindow(seconds: number): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

/** Every folder and file under `dir`, recursively. */
function entriesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).map(String);
}

describe('every credential is limited, even in a burst (driver API, rate limit 50)', () => {
  const LIMIT = 50;
  const system = new TestSystem();
  const fleet = new Fleet(system);

  beforeAll(async () => {
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Delivery], env: { RATE_LIMIT_PER_MINUTE: String(LIMIT), OPS_API_TOKEN: TEST_OPS_TOKEN, ...NO_SHEDDING } });
  }, 240000);
  afterAll(() => system.stop());

  it('answers 250 concurrent made-up driver tokens 401 up to the IP budget and 429 beyond it', async () => {
    await roomInWindow(30);
    const from = '127.0.3.1';
    const replies = await Promise.all(
      Array.from({ length: 250 }, () => send(system.baseUrl, '/v1/driver/offers', { from, headers: { authorization: `Bearer ${madeUpDriverToken()}` } })),
    );
    expect(tally(replies.map((reply) => reply.status))).toEqual({ 401: LIMIT, 429: 250 - LIMIT });
    const refused = replies.find((reply) => reply.status === 429) as Reply;
    expect(envelope(refused)).toMatchObject({ type: 'rate_limit_error', code: 'rate_limit_exceeded' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The IP is spent: a request with a token nobody holds, or none, is refused at once.
    expect((await send(system.baseUrl, '/v1/driver/offers', { from, headers: { authorization: 'Bearer nonsense' } })).status).toBe(429);
  }, 60000);

  it('answers 250 concurrent driver app sign-ins with made-up tokens and made-up session cookies 401 up to the IP budget and 429 beyond it', async () => {
    await roomInWindow(30);
    const from = '127.0.3.4';
    const replies = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        i % 2
          ? send(system.baseUrl, '/v1/driver/sessions', { from, method: 'POST', headers: { authorization: `Bearer ${madeUpDriverToken()}` } })
          : send(system.baseUrl, '/v1/driver/offers', { from, headers: { cookie: `sdd_driver_session=${randomBytes(22).toString('hex').slice(0, 43)}` } }),
      ),
    );
    expect(tally(replies.map((reply) => reply.status))).toEqual({ 401: LIMIT, 429: 250 - LIMIT });
    // Which of the two kinds answered first varies; either way each refusal counted, or more than LIMIT would be 401.
    for (const reply of replies.filter((each) => each.status === 401)) expect(['driver_token_invalid', 'driver_session_invalid']).toContain(envelope(reply).code);
  }, 60000);

  it('answers 250 concurrent made-up tracking tokens 404 up to the IP budget and 429 beyond it', async () => {
    await roomInWindow(30);
    const from = '127.0.3.3';
    const statuses = await Promise.all(Array.from({ length: 250 }, async () => (await send(system.baseUrl, `/track/${randomBytes(16).toString('hex')}/status`, { from })).status));
    expect(tally(statuses)).toEqual({ 404: LIMIT, 429: 250 - LIMIT });
  }, 60000);

  it('refuses 120 concurrent uploads with made-up tokens before reading their bodies, leaving nothing on disk', async () => {
    await roomInWindow(30);
    const from = '127.0.3.2';
    const announced = 8 * 1024 * 1024;
    const uploads = await Promise.all(
      Array.from({ length: 120 }, (_, i) =>
        unfinishedUpload(system.baseUrl, `/v1/driver/deliveries/del_test_fake${i}/photos`, from, i % 2 ? `Bearer ${madeUpDriverToken()}` : 'Bearer not-a-driver-token', announced),
      ),
    );
    // Each answer came while its client had sent 64 KB of the announced 8 MB: nothing was waiting for the rest.
    expect(uploads.every((upload) => upload.unfinished)).toBe(true);
    const statuses = uploads.map((upload) => upload.status);
    expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    expect(entriesUnder(system.photoDir)).toEqual([]);
  }, 60000);

  it("leaves no file or folder behind when a real driver's photo is refused", async () => {
    const driver = await fleet.driver('Refused Photo', { lat: 43.65, lng: -79.38 });
    const refused = await fleet.uploadPhoto(driver, 'del_test_notyours', testPhoto('r'));
    expect(refused.status).toBe(404);
    expect(entriesUnder(join(system.photoDir, 'proof-photos'))).toEqual([]);
    // The body was streamed to a staging file, removed with the answer.
    expect(entriesUnder(join(system.photoDir, 'incoming'))).toEqual([]);
  }, 60000);
});

describe('no 500 from the framework; pages that cannot be framed; clean inputs and logs', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let key: string;
  let browser: Browser;
  let attacker: Server;
  let attackerUrl = '';
  /** The page the attacker's site frames, set per test. */
  let framed = '';

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key, body });

  async function trackingPath(): Promise<string> {
    const quote = await call('POST', '/v1/quotes', { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
    const created = await call('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Amélie Tremblay', phone: '416 555 0142' } });
    expect(created.status).toBe(201);
    return new URL(created.body.tracking_url as string).pathname;
  }

  async function checkoutUrl(): Promise<string> {
    const quote = await flow.quote(key);
    const created = await flow.checkout(key, { quote_id: quote.id, items_subtotal: 1500 });
    return created.checkout_url as string;
  }

  beforeAll(async () => {
    attacker = createServer((_request, response) => {
      response.setHeader('content-type', 'text/html');
      response.end(`<!doctype html><title>Win a prize</title><iframe id="victim" src="${framed}"></iframe>`);
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    attackerUrl = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`;
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    key = (await system.registerMerchant('Framed Co')).test;
    await flow.connect(key);
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    attacker?.close();
  });

  describe('a path parameter over 100 characters', () => {
    const long = 'x'.repeat(101);

    // The logged URL: a public page's capability stays redacted, whatever its length.
    it.each([
      ['/track/{token}', `/track/${long}`, 'token', false, '/track/[redacted]'],
      ['/track/{token}/status', `/track/${long}/status`, 'token', false, '/track/[redacted]/status'],
      ['/checkout/{checkoutId}', `/checkout/${long}`, 'checkoutId', false, '/checkout/[redacted]'],
      ['/v1/deliveries/{deliveryId}', `/v1/deliveries/${long}`, 'deliveryId', true, `/v1/deliveries/${long}`],
      ['/v1/driver/offers/{offerId}/accept', `/v1/driver/offers/${long}/accept`, 'offerId', false, `/v1/driver/offers/${long}/accept`],
      ['/proof-photos/{deliveryId}/{file}', `/proof-photos/del_1/${long}`, 'file', false, `/proof-photos/del_1/${long}`],
    ])('%s answers 414 naming the parameter, counted and logged', async (_route, path, param, keyed, loggedUrl) => {
      const method = path.endsWith('/accept') ? 'POST' : 'GET';
      const reply = await send(system.baseUrl, path, { method, headers: keyed ? { authorization: `Bearer ${key}` } : {} });
      expect(reply.status).toBe(414);
      const error = envelope(reply);
      expect(error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param });
      expect(error.message).toBe(`\`${param}\` must not exceed 100 characters.`);
      expect(reply.headers['x-request-id']).toBe(error.request_id);
      const logged = await waitFor(async () => system.logs(ServiceName.Gateway).find((line) => line.includes(error.request_id) && line.includes('"status":414')), 5000, 50);
      expect(logged).toContain(`"url":"${loggedUrl}"`);
    });

    it('shows them in the metrics', async () => {
      const metrics = await (await fetch(`${system.opsUrl}/metrics`)).text();
      expect(metricValue(metrics, 'sdd_http_request_duration_seconds_count', { route: 'unmatched', status: '414', method: 'GET' })).toBe(5);
    });
  });

  describe('HTML pages', () => {
    const expectPageHeaders = (headers: Headers) => {
      expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(headers.get('x-frame-options')).toBe('DENY');
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('no-referrer');
    };

    it('carry the anti-framing, nosniff and referrer headers: tracking, checkout, Connect return page, API docs', async () => {
      const pages = [`${system.baseUrl}${await trackingPath()}`, await checkoutUrl(), `${system.baseUrl}/connect/complete`, `${system.baseUrl}/docs`];
      for (const url of pages) {
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toContain('text/html');
        expectPageHeaders(response.headers);
      }
    });

    it.each([
      ['tracking', async () => `${system.baseUrl}${await trackingPath()}`, '#status'],
      ['checkout', checkoutUrl, '#merchant'],
    ])(
      'refuses to show the %s page inside another site (headless Chromium)',
      async (_name, urlOf, element) => {
        framed = await urlOf();
        const page = await browser.newPage();
        try {
          const refusal = page.waitForEvent('console', { predicate: (message) => message.text().includes('frame-ancestors'), timeout: 10000 });
          await page.goto(attackerUrl);
          expect((await refusal).text()).toContain("frame-ancestors 'none'");
          const frame = await (await page.$('#victim'))?.contentFrame();
          expect(await frame?.$(element)).toBeNull();
          // Opened directly, the same page works.
          await page.goto(framed);
          await page.waitForSelector(element, { timeout: 10000 });
        } finally {
          await page.close();
        }
      },
      30000,
    );
  });

  describe('email fields', () => {
    const HEADER_INJECTION = '"a\r\nBcc: victim@example.ca"@example.ca';

    it('refuse control characters, naming the field: registration, delivery and checkout customers', async () => {
      const registration = await system.request('POST', '/v1/merchants/register', {
        body: {
          business_name: 'Injected Co',
          email: HEADER_INJECTION,
          phone: '+1 416 555 0100',
          address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
        },
      });
      expect(registration.status).toBe(400);
      expect(registration.body.error).toMatchObject({ type: 'invalid_request_error', param: 'email' });
      expect(registration.body.error?.message).toContain('control characters');

      const quote = await call('POST', '/v1/quotes', { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
      const delivery = await call('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Ada', phone: '416 555 0142', email: HEADER_INJECTION } });
      expect(delivery.status).toBe(400);
      expect(delivery.body.error).toMatchObject({ param: 'customer.email' });

      const checkout = await call('POST', '/v1/checkouts', { quote_id: quote.body.id, items_subtotal: 1500, customer: { email: HEADER_INJECTION } });
      expect(checkout.status).toBe(400);
      expect(checkout.body.error).toMatchObject({ param: 'customer.email' });
    });
  });

  describe('logs', () => {
    it('never hold a checkout page URL: the checkout id is redacted like a tracking token', async () => {
      const url = await checkoutUrl();
      const checkoutId = new URL(url).pathname.split('/')[2];
      expect((await fetch(url)).status).toBe(200);
      await waitFor(async () => system.logs(ServiceName.Gateway).find((line) => line.includes('"url":"/checkout/[redacted]"')), 5000, 50);
      expect(system.logs(ServiceName.Gateway).filter((line) => line.includes(`/checkout/${checkoutId}`))).toEqual([]);
    });
  });
});
