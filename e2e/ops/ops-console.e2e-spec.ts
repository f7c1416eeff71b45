import { Browser, BrowserContextOptions, Page } from 'playwright-core';
import {
  DESKTOP_CONTEXT,
  Fleet,
  launchTestBrowser,
  LIVE_DISPATCH_ENV,
  PaymentFlow,
  PHONE_CONTEXT,
  seriousAxeViolations,
  signedInOpsConsole,
  startTileServer,
  TEST_OPS_TOKEN,
  TestSystem,
  waitFor,
} from '@sdd/testing';

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

type Json = Record<string, unknown>;

describe('operator console (the app at /ops, in headless Chromium, against a real system)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let live: string;
  let browser: Browser;
  let pickup: { lat: number; lng: number };
  const near = (dLat: number) => ({ lat: Math.round((pickup.lat + dLat) * 1e6) / 1e6, lng: pickup.lng });

  const driverNamed = async (name: string): Promise<Json | undefined> => ((await fleet.ops('GET', '/v1/ops/drivers')).body.data as Json[]).find((driver) => driver.name === name);

  /** A console page signed in with the operator token, at `device`'s size, on `baseUrl` (a gateway of the system). */
  const signedIn = async (device: BrowserContextOptions, baseUrl = system.baseUrl): Promise<Page> => signedInOpsConsole(await browser.newContext(device), baseUrl);

  const open = async (page: Page, link: string, heading: string) => {
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link }).click();
    await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 15000 });
    await waitFor(async () => ((await page.getByRole('status').filter({ hasText: 'Loading' }).count()) === 0 ? true : undefined), 10000, 100);
  };

  beforeAll(async () => {
    await system.start({
      env: {
        ...LIVE_DISPATCH_ENV,
        STUCK_UNMATCHED_MS: '1000',
        STUCK_STILL_MS: '2000',
      },
    });
    ({
      keys: { live },
      pickup,
    } = await flow.liveMerchant('Console Watch Co'));
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
  });

  it('is served at /ops with its own strict policy, and cannot be framed', async () => {
    const response = await fetch(`${system.baseUrl}/ops`);
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "img-src 'self' data:;", "connect-src 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect((await fetch(`${system.baseUrl}/ops/drivers`)).status).toBe(200);
  });

  it('signs in, creates a driver, revokes a driver, and re-offers a stuck delivery, at desktop width', async () => {
    const page = await signedIn(DESKTOP_CONTEXT);
    // The token went to the API once: the browser keeps only the HttpOnly cookie.
    const kept = await page.evaluate('JSON.stringify([document.cookie, Object.entries(localStorage), Object.entries(sessionStorage)])');
    expect(kept).not.toContain(TEST_OPS_TOKEN);
    const cookies = await page.context().cookies();
    expect(cookies.map((cookie) => [cookie.name, cookie.httpOnly, cookie.path])).toEqual([['sdd_ops_session', true, '/v1/ops']]);

    // Create a driver: its token is shown once, and the driver is in the API's list.
    await open(page, 'Drivers', 'Drivers');
    const form = page.getByRole('region', { name: 'New driver' });
    await form.getByLabel('Name').fill('Console Made Driver');
    await form.getByLabel('Phone').fill('+1 416 555 0191');
    await form.getByLabel('Vehicle').selectOption('bike');
    await form.getByRole('button', { name: 'Create driver' }).click();
    const token = await page.getByLabel('Driver token').textContent();
    expect(token).toMatch(/^drv_tok_/);
    expect(await driverNamed('Console Made Driver')).toMatchObject({ vehicle: 'bike', status: 'active', online: false });

    // Revoke a driver, confirming first: it leaves the list and its token stops working.
    const doomed = await fleet.driver('Doomed Driver', near(0.05));
    await page.reload();
    const card = page.getByRole('article', { name: 'Doomed Driver' });
    await card.getByRole('button', { name: 'Revoke' }).click();
    await card.getByRole('alertdialog').getByRole('button', { name: 'Confirm revoke' }).click();
    await card.waitFor({ state: 'detached', timeout: 15000 });
    expect(await driverNamed('Doomed Driver')).toBeUndefined();
    expect((await doomed.call('GET', '/v1/driver/offers')).status).toBe(401);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // A delivery whose driver went quiet: stuck, re-offered from the console, offered to the next driver.
    const quiet = await fleet.driver('Quiet Driver', near(0.001));
    const deliveryId = await flow.paidDelivery(live, 'live', { customer });
    const offer = await fleet.offerFor(quiet, deliveryId);
    expect((await quiet.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    const next = await fleet.driver('Next Driver', near(0.002));
    await open(page, 'Stuck deliveries', 'Stuck and late deliveries');
    const stuck = page.getByRole('article', { name: deliveryId });
    await stuck.waitFor({ timeout: 20000 });
    expect(await stuck.textContent()).toContain('Driver silent');
    expect(await stuck.textContent()).not.toMatch(/Tremblay|5550142/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await stuck.getByRole('button', { name: 'Re-offer' }).click();

    expect((await fleet.offerFor(next, deliveryId)).status).toBe('open');
    const merchantView = (await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body;
    expect([merchantView.status, merchantView.driver ?? null]).toEqual(['pending', null]);

    // The live map draws it (no TILE_URL: the schematic), and the certification queue opens.
    await open(page, 'Live map', 'Live map');
    // Both lists refresh on their own: the drivers list cached by the Drivers page may lag the deliveries for a poll.
    await page.getByRole('img', { name: /^[1-9][0-9]* online drivers and [1-9][0-9]* live deliveries under way/ }).waitFor({ timeout: 15000 });
    expect(await page.locator('svg.schematic .driver').count()).toBeGreaterThan(0);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await open(page, 'Certifications', 'Certification queue');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await fleet.ops('POST', `/v1/ops/deliveries/${deliveryId}/cancel`);
    await Promise.all([quiet, next].map((driver) => fleet.ops('POST', `/v1/ops/drivers/${driver.id}/force_offline`)));
  });

  it('approves a pending certification in place, and has no serious accessibility findings at phone width', async () => {
    const { id: driverId } = await fleet.create('Pending Cert Driver');
    await fleet.ops('POST', `/v1/ops/drivers/${driverId}/certifications`, { kind: 'liquor_service', province: 'ON', status: 'pending' });

    const page = await signedIn(PHONE_CONTEXT);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await open(page, 'Certifications', 'Certification queue');
    const item = page.getByRole('listitem').filter({ hasText: 'Pending Cert Driver' });
    await item.getByRole('button', { name: 'Approve' }).click();
    await item.waitFor({ state: 'detached', timeout: 15000 });
    expect(((await driverNamed('Pending Cert Driver')) as { certifications: Json[] }).certifications).toEqual([
      { kind: 'liquor_service', province: 'ON', status: 'approved', expires_at: null },
    ]);
    for (const [link, heading] of [
      ['Drivers', 'Drivers'],
      ['Live map', 'Live map'],
    ]) {
      await open(page, link, heading);
      expect(await seriousAxeViolations(page)).toEqual([]);
    }

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Operator token').waitFor({ timeout: 15000 });
    expect(await page.context().cookies()).toEqual([]);
  });

  it('draws the live map on tiles from TILE_URL, which its policy allows for images and nothing else', async () => {
    const tiles = await startTileServer();
    const mapped = await system.startGatewayReplica({ TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`, TILE_ATTRIBUTION: '© Test Tiles & Co' });
    const driver = await fleet.driver('Mapped Driver', near(0.003));
    try {
      const csp = (await fetch(`${mapped.baseUrl}/ops`)).headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`img-src 'self' data: ${tiles.url};`);
      expect(csp.split(tiles.url)).toHaveLength(2);

      const page = await signedIn(DESKTOP_CONTEXT, mapped.baseUrl);
      const refused: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && /Content Security Policy|Refused/i.test(message.text())) refused.push(message.text());
      });
      page.on('pageerror', (error) => refused.push(error.message));
      await open(page, 'Live map', 'Live map');
      await page.waitForSelector('.leaflet-container img.leaflet-tile-loaded', { timeout: 15000 });
      expect(tiles.requests()).toBeGreaterThan(0);
      await page.getByText('Mapped Driver: online, free').waitFor({ timeout: 15000 });
      expect(await page.locator('.leaflet-overlay-pane path').count()).toBeGreaterThan(0);
      expect(await page.textContent('.leaflet-control-attribution')).toContain('© Test Tiles & Co');
      expect(await page.locator('svg.schematic').count()).toBe(0);
      expect(refused).toEqual([]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/force_offline`);
      await tiles.close();
    }
  });
});
