import { Browser, BrowserContext, Page } from 'playwright-core';
import {
  dashboardSession,
  Fleet,
  GatewayReplica,
  launchTestBrowser,
  PaymentFlow,
  registerDashboardOwner,
  seriousAxeViolations,
  signInToDashboard,
  startTileServer,
  TEST_OPS_TOKEN,
  TestSystem,
  TileServer,
  waitFor,
  WITHOUT_LOAD_SHEDDING,
} from '@sdd/testing';

type Json = Record<string, unknown>;

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

/** Dollars as the dashboard writes them (en-CA, CAD): 4450 → "$44.50". */
const dollars = (minor: number) => `$${(minor / 100).toFixed(2)}`;

describe('dashboard delivery page: its map and its payment (headless Chromium)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let tiles: TileServer;
  /** A gateway of the same system with TILE_URL set; system.baseUrl has none. */
  let mapped: GatewayReplica;
  let browser: Browser;
  const owner = { email: '', test: '', live: '' };
  const other = { email: '', test: '', live: '' };
  let pickup: { lat: number; lng: number };
  /** A paid live delivery cancelled before dispatch: its checkout refunded in full. */
  let cancelled: { deliveryId: string; checkout: Json };

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });
  const near = (dLat: number) => ({ lat: Math.round((pickup.lat + dLat) * 1e6) / 1e6, lng: pickup.lng });

  /** The owner's session cookie, for the dashboard's own routes. */
  const sessionCookie = async (email: string): Promise<string> => (await dashboardSession(system, email)).cookie;

  /** A signed-in page of the owner on `baseUrl`, in `mode`, on the delivery's page once its facts show. */
  async function deliveryPage(context: BrowserContext, baseUrl: string, mode: 'test' | 'live', deliveryId: string): Promise<Page> {
    const page = await context.newPage();
    await signInToDashboard(page, baseUrl, owner.email, mode);
    // The mode is kept in the browser: the page opened by its address shows the delivery in that mode.
    await page.goto(`${baseUrl}/dashboard/deliveries/${deliveryId}`);
    await page.getByRole('heading', { name: 'Payment' }).waitFor({ timeout: 10000 });
    return page;
  }

  /** A paid live delivery, with the checkout that paid for it. */
  async function paidLiveDelivery(): Promise<{ deliveryId: string; checkout: Json }> {
    const deliveryId = await flow.paidDelivery(owner.live, 'live', { customer });
    const found = await call('GET', `/v1/checkouts?delivery_id=${deliveryId}`, owner.live);
    expect(found.status).toBe(200);
    expect((found.body.data as Json[]).map((c) => c.delivery_id)).toEqual([deliveryId]);
    return { deliveryId, checkout: (found.body.data as Json[])[0] };
  }

  beforeAll(async () => {
    tiles = await startTileServer();
    await system.start({
      env: {
        ...WITHOUT_LOAD_SHEDDING,
        RATE_LIMIT_PER_MINUTE: '100000',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
        DISPATCH_INTERVAL_MS: '100',
        OFFER_TIMEOUT_MS: '1500',
        MONEY_MOVEMENT_INTERVAL_MS: '200',
        TIMELINE_SPEED: '0.001',
      },
    });
    mapped = await system.startGatewayReplica({ TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`, TILE_ATTRIBUTION: '© Test Tiles & Co' });
    for (const [who, name] of [
      [owner, 'Map Bakery'],
      [other, 'Other Bakery'],
    ] as const) {
      const registered = await registerDashboardOwner(system, name);
      Object.assign(who, { email: registered.email, test: registered.testKey, live: registered.liveKey });
    }
    await flow.connect(owner.live);
    pickup = (await flow.quote(owner.live)).pickup;

    const paid = await paidLiveDelivery();
    expect((await call('POST', `/v1/deliveries/${paid.deliveryId}/cancel`, owner.live)).body.status).toBe('cancelled');
    const checkout = await waitFor(
      async () => {
        const found = ((await call('GET', `/v1/checkouts?delivery_id=${paid.deliveryId}`, owner.live)).body.data as Json[])[0];
        return found?.status === 'refunded' ? found : undefined;
      },
      30_000,
      200,
    );
    cancelled = { deliveryId: paid.deliveryId, checkout };
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    await tiles?.close();
  });

  it('GET /v1/checkouts?delivery_id= gives the checkout of that delivery to its merchant and mode only, and 400 naming the field for a bad id', async () => {
    const own = await call('GET', `/v1/checkouts?delivery_id=${cancelled.deliveryId}`, owner.live);
    expect(own.status).toBe(200);
    expect(own.body.data).toEqual([expect.objectContaining({ checkout_id: cancelled.checkout.checkout_id, delivery_id: cancelled.deliveryId, status: 'refunded' })]);
    expect(own.body.has_more).toBe(false);

    for (const key of [owner.test, other.live, other.test]) {
      const none = await call('GET', `/v1/checkouts?delivery_id=${cancelled.deliveryId}`, key);
      expect([none.status, none.body.data]).toEqual([200, []]);
    }
    // A test delivery made without a checkout has none.
    const quote = await flow.quote(owner.test);
    const unpaid = await call('POST', '/v1/deliveries', owner.test, { quote_id: quote.id, customer });
    expect(unpaid.status).toBe(201);
    expect((await call('GET', `/v1/checkouts?delivery_id=${unpaid.body.id as string}`, owner.test)).body.data).toEqual([]);

    for (const bad of ['chk_123', 'del_', 'del_%3Bdrop']) {
      const refused = await call('GET', `/v1/checkouts?delivery_id=${bad}`, owner.live);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ type: 'invalid_request_error', param: 'delivery_id' });
    }
  });

  it("GET /v1/dashboard/config names the gateway's tiles to a session (null without TILE_URL), and the dashboard's CSP allows that host alone", async () => {
    const cookie = await sessionCookie(owner.email);
    const config = async (baseUrl: string) => {
      const answer = await fetch(`${baseUrl}/v1/dashboard/config`, { headers: { cookie } });
      expect(answer.status).toBe(200);
      return (await answer.json()) as Json;
    };
    expect(await config(system.baseUrl)).toEqual({ map_tiles: null });
    expect(await config(mapped.baseUrl)).toEqual({ map_tiles: { url_template: `${tiles.url}/{z}/{x}/{y}.png`, attribution: '© Test Tiles & Co' } });

    const withKey = await call('GET', '/v1/dashboard/config', owner.test);
    expect([withKey.status, (withKey.body.error as Json).code]).toEqual([401, 'session_missing']);
    expect((await fetch(`${mapped.baseUrl}/v1/dashboard/config`)).status).toBe(401);

    expect((await fetch(`${mapped.baseUrl}/dashboard`)).headers.get('content-security-policy')).toContain(`img-src 'self' data: ${tiles.url};`);
    expect((await fetch(`${system.baseUrl}/dashboard`)).headers.get('content-security-policy')).toContain("img-src 'self' data:;");
  });

  it("draws a live delivery on the configured tiles with its driver, and shows the checkout that paid for it; a cancelled one's refund", async () => {
    const sam = await fleet.driver('Sam Driver', near(0.002));
    const context = await browser.newContext();
    const problems: string[] = [];
    try {
      const paid = await paidLiveDelivery();
      const offer = await fleet.offerFor(sam, paid.deliveryId);
      expect((await sam.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
      const page = await deliveryPage(context, mapped.baseUrl, 'live', paid.deliveryId);
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused/i.test(message.text())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));

      const map = page.getByRole('region', { name: 'Map of the route' });
      await map.locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 15000 });
      expect(tiles.requests()).toBeGreaterThan(0);
      const first = near(0.002);
      await map.locator(`.marker-driver[data-lat="${first.lat}"][data-lng="${first.lng}"]`).waitFor({ timeout: 15000 });
      expect(await map.locator('.marker-pickup').count()).toBe(1);
      expect(await map.locator('.marker-dropoff').count()).toBe(1);
      expect(await map.locator('.leaflet-overlay-pane path').getAttribute('d')).toMatch(/^M[\d.-]+ [\d.-]+L[\d.-]+ [\d.-]+$/);
      expect(await page.textContent('.leaflet-control-attribution')).toBe('© Test Tiles & Co');
      expect(await page.locator('.route svg[role="img"]').count()).toBe(0);

      // The driver moves: the marker follows on the page's next tracking refresh.
      const next = near(0.0005);
      expect((await sam.call('POST', '/v1/driver/location', next)).status).toBe(200);
      await map.locator(`.marker-driver[data-lat="${next.lat}"]`).waitFor({ timeout: 15000 });

      const payment = page.getByRole('region', { name: 'Payment' });
      const facts = payment.locator(`dl[data-checkout-id="${paid.checkout.checkout_id as string}"]`);
      await facts.waitFor({ timeout: 10000 });
      expect(await facts.locator('.badge').getAttribute('data-status')).toBe('used');
      expect(await facts.textContent()).toContain(dollars(paid.checkout.amount as number));
      expect(await facts.textContent()).toContain('RefundedNothing');
      // When it was paid, as the API says, in the page's own locale format.
      expect(paid.checkout.paid_at).toEqual(expect.any(String));
      const paidAt = await page.evaluate((iso) => new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' }), paid.checkout.paid_at as string);
      expect(await facts.textContent()).toContain(`Paid${paidAt}`);
      expect(await payment.getByRole('link', { name: /Money page/ }).getAttribute('href')).toBe('/dashboard/money');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The cancelled delivery: its checkout refunded in full, the refund with its status.
      await page.goto(`${mapped.baseUrl}/dashboard/deliveries/${cancelled.deliveryId}`);
      const refunded = page.getByRole('region', { name: 'Payment' }).locator(`dl[data-checkout-id="${cancelled.checkout.checkout_id as string}"]`);
      await refunded.waitFor({ timeout: 10000 });
      expect(await refunded.locator('.badge').getAttribute('data-status')).toBe('refunded');
      expect(await refunded.textContent()).toContain(`Refunded${dollars(cancelled.checkout.amount as number)}`);
      const refund = (cancelled.checkout.refunds as Json[])[0];
      const refundItem = page.locator(`li[data-refund-id="${refund.id as string}"]`);
      expect(await refundItem.locator('.badge').getAttribute('data-status')).toBe('succeeded');
      expect(await refundItem.textContent()).toContain(`${dollars(refund.amount as number)} Succeeded Delivery cancelled`);
      // Ended before a driver: the stops on the map, no driver.
      await page.getByRole('region', { name: 'Map of the route' }).locator('.marker-dropoff').waitFor({ timeout: 10000 });
      expect(await page.locator('.marker-driver').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
      await sam.call('POST', '/v1/driver/availability', { online: false });
    }
  }, 120000);

  it('without TILE_URL draws the schematic and loads no tile; a test delivery without a checkout shows "No payment"', async () => {
    const quote = await flow.quote(owner.test);
    const created = await call('POST', '/v1/deliveries', owner.test, { quote_id: quote.id, customer });
    expect(created.status).toBe(201);
    const deliveryId = created.body.id as string;
    expect((await call('POST', `/v1/test_helpers/deliveries/${deliveryId}/advance`, owner.test, { to: 'picked_up' })).status).toBe(200);
    const requestsBefore = tiles.requests();
    const context = await browser.newContext();
    const requested: string[] = [];
    context.on('request', (request) => requested.push(request.url()));
    try {
      const page = await deliveryPage(context, system.baseUrl, 'test', deliveryId);
      await page.getByText('No payment: this test delivery was created without a checkout.').waitFor({ timeout: 10000 });
      await page.locator('.route svg[role="img"]').waitFor({ timeout: 10000 });
      // The simulated driver along the route, on the schematic.
      await page.locator('.legend-driver').waitFor({ timeout: 15000 });
      expect(await page.locator('.tile-map, .leaflet-container').count()).toBe(0);
      // Neither Leaflet's chunk nor a tile was asked for.
      expect(requested.filter((url) => url.includes('RouteTileMap') || url.startsWith(tiles.url))).toEqual([]);
      expect(tiles.requests()).toBe(requestsBefore);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);

  it('falls back to the schematic when no tile loads: the tile server down, or the CSP of the nginx container, which names no tile host', async () => {
    const quote = await flow.quote(owner.test);
    const created = await call('POST', '/v1/deliveries', owner.test, { quote_id: quote.id, customer });
    expect(created.status).toBe(201);
    const down = async (context: BrowserContext) => context.route(`${tiles.url}/**`, (route) => route.abort());
    // The container's nginx sends DASHBOARD_CSP as it is (tools/dashboard/nginx/security-headers.conf): no tile host in img-src.
    const containerCsp = async (context: BrowserContext) =>
      context.route(`${mapped.baseUrl}/dashboard**`, async (route) => {
        const response = await route.fetch();
        const csp = (response.headers()['content-security-policy'] ?? '').replace(` ${tiles.url}`, '');
        expect(csp).toContain("img-src 'self' data:;");
        await route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': csp } });
      });
    for (const arrange of [down, containerCsp]) {
      const context = await browser.newContext();
      try {
        await arrange(context);
        const page = await deliveryPage(context, mapped.baseUrl, 'test', created.body.id as string);
        await page.locator('.route svg[role="img"]').waitFor({ timeout: 15000 });
        expect(await page.locator('.leaflet-container').count()).toBe(0);
      } finally {
        await context.close();
      }
    }
  }, 90000);
});
