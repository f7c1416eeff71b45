import { Browser, Page } from 'playwright-core';
import { Fleet, GatewayReplica, launchTestBrowser, PaymentFlow, seriousAxeViolations, startTileServer, TEST_OPS_TOKEN, TestSystem } from '@sdd/testing';

describe('public tracking page on a map (headless Chromium)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };
  let tiles: Awaited<ReturnType<typeof startTileServer>>;
  /** A gateway of the same system with TILE_URL set; system.baseUrl has none. */
  let mapped: GatewayReplica;
  let live: string;
  let test: string;
  let browser: Browser;
  let pickup: { lat: number; lng: number };
  const near = (dLat: number) => ({ lat: Math.round((pickup.lat + dLat) * 1e6) / 1e6, lng: pickup.lng });

  const trackingPath = async (key: string, id: string) => new URL((await system.request('GET', `/v1/deliveries/${id}`, { key })).body.tracking_url as string).pathname;

  /** A page that records what its CSP refused and any script error (a missing favicon is neither). */
  async function open(url: string): Promise<{ page: Page; problems: string[] }> {
    const page = await browser.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy|Refused/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(url);
    return { page, problems };
  }

  async function testDelivery(): Promise<string> {
    const quote = await system.request('POST', '/v1/quotes', {
      key: test,
      body: { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' },
    });
    const created = await system.request('POST', '/v1/deliveries', { key: test, body: { quote_id: quote.body.id, customer } });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  beforeAll(async () => {
    tiles = await startTileServer();
    await system.start({ env: { RATE_LIMIT_PER_MINUTE: '100000', OPS_API_TOKEN: TEST_OPS_TOKEN, DISPATCH_INTERVAL_MS: '100', OFFER_TIMEOUT_MS: '1500' } });
    mapped = await system.startGatewayReplica({ TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`, TILE_ATTRIBUTION: '© Test Tiles & Co' });
    const keys = await system.registerMerchant('Secret Merchant Name Inc');
    [live, test] = [keys.live, keys.test];
    await flow.connect(live);
    pickup = (await flow.quote(live)).pickup;
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    await tiles?.close();
  });

  it('serves the page with the tile host alone in its CSP, and only its own listed files under /track/assets/', async () => {
    const page = await fetch(`${mapped.baseUrl}/track/${'x'.repeat(32)}`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain(`img-src 'self' data: ${tiles.url};`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).not.toMatch(/<script>|<style>/);
    const assets = [...html.matchAll(/\/track\/assets\/[^"]+/g)].map((match) => match[0]);
    expect(assets).toHaveLength(4);
    for (const asset of assets) {
      const file = await fetch(`${mapped.baseUrl}${asset}`);
      expect([file.status, file.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
      expect(file.headers.get('content-type')).toMatch(/^(application\/javascript|text\/css)/);
    }
    for (const name of ['leaflet.js', '..%2f..%2fpackage.json', '%2e%2e%2f%2e%2e%2fpackage.json', 'images%2flayers.png']) {
      expect((await fetch(`${mapped.baseUrl}/track/assets/${name}`)).status).toBe(404);
    }
    const plain = await fetch(`${system.baseUrl}/track/${'x'.repeat(32)}`);
    expect(plain.headers.get('content-security-policy')).toContain("img-src 'self' data:;");
    expect(await plain.text()).not.toContain('leaflet');
  });

  it('draws a live delivery on tiles from TILE_URL: the driver moves, the PIN shows while on the way, nothing personal after delivery', async () => {
    const sam = await fleet.driver('Sam Driver', near(0.002));
    try {
      const deliveryId = await flow.paidDelivery(live, 'live', { customer });
      const offer = await fleet.offerFor(sam, deliveryId);
      expect((await sam.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
      const path = await trackingPath(live, deliveryId);
      const { page, problems } = await open(`${mapped.baseUrl}${path}`);
      try {
        const first = near(0.002);
        await page.waitForSelector(`#live-map .marker-driver[data-lat="${first.lat}"][data-lng="${first.lng}"]`, { timeout: 15000 });
        await page.waitForSelector('#live-map img.leaflet-tile-loaded', { timeout: 15000 });
        expect(tiles.requests()).toBeGreaterThan(0);
        expect(await page.locator('#live-map .marker-pickup').count()).toBe(1);
        expect(await page.locator('#live-map .marker-dropoff').count()).toBe(1);
        // The route: Leaflet's own SVG, drawn across the map (the schematic's styles must not shrink it).
        expect((await page.locator('#live-map .leaflet-overlay-pane svg').boundingBox())?.width).toBeGreaterThan(100);
        expect(await page.getAttribute('#live-map .leaflet-overlay-pane path', 'd')).toMatch(/^M[\d.-]+ [\d.-]+(L[\d.-]+ [\d.-]+){2}$/);
        expect(await page.isVisible('#map')).toBe(false);
        expect(await page.textContent('.leaflet-control-attribution')).toBe('© Test Tiles & Co');
        expect(await page.textContent('#eta')).toMatch(/^Arriving in about \d+ min$/);
        const status = (await (await fetch(`${system.baseUrl}${path}/status`)).json()) as { delivery_pin: string };
        expect(status.delivery_pin).toMatch(/^[0-9]{4}$/);
        expect(await page.isVisible('#pin')).toBe(true);
        expect(await page.textContent('#pin-value')).toBe(status.delivery_pin);

        const before = await page.getAttribute('#live-map .marker-driver', 'style');
        const next = near(0.0005);
        expect((await sam.call('POST', '/v1/driver/location', next)).status).toBe(200);
        await page.waitForSelector(`#live-map .marker-driver[data-lat="${next.lat}"]`, { timeout: 15000 });
        expect(await page.getAttribute('#live-map .marker-driver', 'style')).not.toBe(before);
        expect(await seriousAxeViolations(page)).toEqual([]);

        for (const step of ['driver_at_pickup', 'picked_up', 'in_transit']) {
          expect((await sam.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: step })).status).toBe(200);
        }
        await page.waitForSelector('#status[data-status="in_transit"]', { timeout: 15000 });
        expect(await page.isVisible('#pin')).toBe(true);
        const delivered = await sam.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', recipient_name: 'Amélie', pin: status.delivery_pin });
        expect(delivered.status).toBe(200);
        await page.waitForSelector('#status[data-status="delivered"]', { timeout: 15000 });
        // The status still carries the places for TRACKING_PERSONAL_DATA_MS; the page shows none of it.
        const ended = (await (await fetch(`${system.baseUrl}${path}/status`)).json()) as { pickup: unknown; recipient_first_name: string };
        expect([ended.pickup, ended.recipient_first_name]).toEqual([expect.any(Object), 'Amélie']);
        expect(await page.isVisible('#live-map')).toBe(false);
        expect(await page.isVisible('#map')).toBe(false);
        expect(await page.isVisible('#pin')).toBe(false);
        expect(await page.locator('.marker-driver, .marker-pickup, .leaflet-tile').count()).toBe(0);
        expect(await page.textContent('#greeting')).toBe('Your delivery');
        const html = await page.content();
        for (const secret of ['Amélie', 'Tremblay', status.delivery_pin, String(first.lat), String(next.lat), String(pickup.lng)]) expect(html).not.toContain(secret);
        expect(problems).toEqual([]);
      } finally {
        await page.close();
      }
    } finally {
      await sam.call('POST', '/v1/driver/availability', { online: false });
    }
  }, 90000);

  it('without TILE_URL shows the schematic and requests no tile', async () => {
    const id = await testDelivery();
    const requestsBefore = tiles.requests();
    const { page, problems } = await open(`${system.baseUrl}${await trackingPath(test, id)}`);
    try {
      await page.waitForSelector('#status[data-status="created"]', { timeout: 10000 });
      expect((await system.request('POST', `/v1/test_helpers/deliveries/${id}/advance`, { key: test, body: { to: 'picked_up' } })).status).toBe(200);
      await page.waitForSelector('#status[data-status="picked_up"]', { timeout: 10000 });
      expect(await page.isVisible('#map')).toBe(true);
      expect(await page.getAttribute('#driver', 'visibility')).toBe('visible');
      expect(await page.isVisible('#live-map')).toBe(false);
      expect(await page.locator('script[src*="leaflet"], link[href*="leaflet"]').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(tiles.requests()).toBe(requestsBefore);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }
  }, 30000);

  it('falls back to the schematic when no tile loads', async () => {
    const id = await testDelivery();
    const page = await browser.newPage();
    try {
      await page.route(`${tiles.url}/**`, (route) => route.abort());
      await page.goto(`${mapped.baseUrl}${await trackingPath(test, id)}`);
      await page.waitForSelector('#status[data-status="created"]', { timeout: 10000 });
      await page.waitForSelector('#map', { state: 'visible', timeout: 10000 });
      expect(await page.isVisible('#live-map')).toBe(false);
      expect(await page.getAttribute('#pickup', 'cx')).toMatch(/^\d/);
    } finally {
      await page.close();
    }
  }, 30000);
});
