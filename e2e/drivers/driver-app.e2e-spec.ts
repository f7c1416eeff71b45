import { Browser, BrowserContext } from 'playwright-core';
import {
  callWithSession,
  Fleet,
  launchTestBrowser,
  LIVE_DISPATCH_ENV,
  PaymentFlow,
  PHONE_CONTEXT,
  seriousAxeViolations,
  signInWithToken,
  TestSystem,
  testPhoto,
  waitFor,
} from '@sdd/testing';

describe('driver app (the PWA at /driver, in headless Chromium, and its sessions)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let live: string;
  let browser: Browser;
  let pickup: { lat: number; lng: number };

  /** A driver as an operator creates one (offline, nowhere yet): its id and the token handed to the driver. */
  const newDriver = (name: string) => fleet.create(name);

  /** A driver API call made with a session cookie (and the CSRF token when given), as the app makes it. */
  const withSession = (method: string, path: string, cookie: string, csrf?: string, body?: unknown) => callWithSession(system.baseUrl, method, path, cookie, csrf, body);
  const signIn = (token: string) => signInWithToken(system.baseUrl, '/v1/driver/sessions', token);

  /** The app in `context` (a phone with a position), signed in with the driver's token and online where the phone is. */
  const onlineInApp = async (context: BrowserContext, driver: { id: string; token: string }) => {
    const page = await context.newPage();
    await page.goto(`${system.baseUrl}/driver/`);
    await page.getByLabel('Driver token').fill(driver.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /tap to go online/ }).click();
    await page.getByRole('button', { name: /tap to go offline/ }).waitFor();
    await fleet.seenOnline(driver.id);
    return page;
  };

  /**
   * Takes the driver off the road and cancels its delivery if a failure left it before pickup (back in matching),
   * so the next test's offer is its own and not this one's.
   */
  const offTheRoad = async (driverId: string, deliveryId: string | undefined) => {
    await fleet.ops('POST', `/v1/ops/drivers/${driverId}/force_offline`, {});
    if (deliveryId) await system.request('POST', `/v1/deliveries/${deliveryId}/cancel`, { key: live });
  };

  beforeAll(async () => {
    await system.start({ env: LIVE_DISPATCH_ENV });
    ({
      keys: { live },
      pickup,
    } = await flow.liveMerchant('Driver App Co'));
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
  });

  it('is served at /driver as an installable app (manifest, SVG icons, service worker) that cannot be framed', async () => {
    const page = await fetch(`${system.baseUrl}/driver`);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const directive of ["default-src 'self'", "script-src 'self'", "connect-src 'self'", "frame-ancestors 'none'"]) expect(csp).toContain(directive);
    expect(csp).not.toContain('unsafe');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    const html = await page.text();
    expect(html).toContain('<link rel="manifest" href="/driver/manifest.webmanifest"');
    expect((await fetch(`${system.baseUrl}/driver/offer/anything`)).status).toBe(200);

    const manifest = await fetch(`${system.baseUrl}/driver/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json');
    const parsed = (await manifest.json()) as { start_url: string; scope: string; display: string; icons: Array<{ src: string; type: string }> };
    expect(parsed).toMatchObject({ start_url: '/driver/', scope: '/driver/', display: 'standalone' });
    for (const icon of parsed.icons) {
      const served = await fetch(new URL(icon.src, `${system.baseUrl}/driver/`));
      expect([icon.src, served.status, served.headers.get('content-type')]).toEqual([icon.src, 200, 'image/svg+xml']);
    }
    const worker = await fetch(`${system.baseUrl}/driver/sw.js`);
    expect([worker.status, worker.headers.get('cache-control')]).toEqual([200, 'no-cache']);
    expect(await worker.text()).toContain("addEventListener('fetch'");
  });

  it('opens without a connection once its service worker has cached the shell', async () => {
    const context = await browser.newContext(PHONE_CONTEXT);
    try {
      const page = await context.newPage();
      await page.goto(`${system.baseUrl}/driver/`);
      await page.getByRole('heading', { name: 'Driver sign-in' }).waitFor();
      // A string, evaluated in the page: this file is compiled without the DOM's types.
      expect(await page.evaluate<string>('navigator.serviceWorker.ready.then((registration) => registration.scope)')).toBe(`${system.baseUrl}/driver/`);
      await waitFor(async () => ((await page.evaluate<boolean>('navigator.serviceWorker.controller !== null')) ? true : undefined), 10_000);
      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { name: 'Driver sign-in' }).waitFor();
      expect(await page.getByLabel('Driver token').isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('exchanges the driver token for a session cookie that ends when signed out or when the token is rotated', async () => {
    const driver = await newDriver('Session Sam');
    const refused = await signIn('drv_tok_' + 'x'.repeat(32));
    expect([refused.status, (refused.body.error as { code: string }).code]).toEqual([401, 'driver_token_invalid']);

    const first = await signIn(driver.token);
    expect(first.status).toBe(201);
    expect(first.setCookie).toMatch(/^sdd_driver_session=[0-9A-Za-z]{43}; Max-Age=43200; Path=\/v1\/driver; HttpOnly; Secure; SameSite=Strict$/);
    expect(first.body).toEqual({ object: 'driver_session', expires_at: expect.any(String), csrf_token: expect.any(String) });
    const csrf = first.body.csrf_token as string;
    expect(Date.parse(first.body.expires_at as string) - Date.now()).toBeGreaterThan(11.9 * 3600_000);

    expect((await withSession('GET', '/v1/driver/sessions/current', first.cookie)).body.csrf_token).toBe(csrf);
    expect((await withSession('GET', '/v1/driver/offers', first.cookie)).status).toBe(200);
    const noCsrf = await withSession('POST', '/v1/driver/location', first.cookie, undefined, { lat: 43.65, lng: -79.38 });
    expect([noCsrf.status, noCsrf.body.error?.code]).toEqual([403, 'csrf_token_invalid']);
    expect((await withSession('POST', '/v1/driver/location', first.cookie, csrf, { lat: 43.65, lng: -79.38 })).status).toBe(200);

    const signedOut = await withSession('DELETE', '/v1/driver/sessions/current', first.cookie, csrf);
    expect([signedOut.status, signedOut.body]).toEqual([200, { ended_sessions: 1 }]);
    const afterSignOut = await withSession('GET', '/v1/driver/offers', first.cookie);
    expect([afterSignOut.status, afterSignOut.body.error?.code]).toEqual([401, 'driver_session_invalid']);

    const second = await signIn(driver.token);
    expect((await withSession('GET', '/v1/driver/offers', second.cookie)).status).toBe(200);
    expect((await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/rotate_token`, {})).status).toBe(200);
    const afterRotation = await withSession('GET', '/v1/driver/offers', second.cookie);
    expect([afterRotation.status, afterRotation.body.error?.code]).toEqual([401, 'driver_token_invalid']);
  });

  it('drives a paid live delivery from sign-in to the hand-over, the connection dropped mid-delivery and the queued steps arriving in order; a rotated token signs it out', async () => {
    const driver = await newDriver('App Driver');
    let deliveryId: string | undefined;
    const context = await browser.newContext({ ...PHONE_CONTEXT, geolocation: { latitude: pickup.lat + 0.002, longitude: pickup.lng }, permissions: ['geolocation'] });
    try {
      const page = await context.newPage();
      await page.goto(`${system.baseUrl}/driver/`);
      await page.getByLabel('Driver token').fill(driver.token);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const toggle = page.getByRole('button', { name: /tap to go online/ });
      await toggle.waitFor();

      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === 'sdd_driver_session')).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict', path: '/v1/driver' });
      // Strings evaluated in the page: this file is compiled without the DOM's types.
      const stored = await page.evaluate<string>('JSON.stringify({ local: { ...localStorage }, session: { ...sessionStorage }, cookie: document.cookie })');
      expect(stored).not.toContain(driver.token);
      expect(stored).not.toContain('sdd_driver_session');
      expect(await page.getByLabel('Driver token').count()).toBe(0);

      await toggle.click();
      await page.getByRole('button', { name: /tap to go offline/ }).waitFor();
      // The phone's position reached matching: the driver is online where the browser says it is.
      await fleet.seenOnline(driver.id, { lat: pickup.lat + 0.002, lng: pickup.lng });

      deliveryId = await flow.paidDelivery(live, 'live', { customer: { name: 'Amélie Tremblay', phone: '(416) 555-0142' }, dropoff_notes: 'Buzz 1203' });
      const offer = page.getByRole('region', { name: 'New delivery offer' });
      await offer.waitFor({ timeout: 20_000 });
      expect(await offer.textContent()).toContain('1 Queen St E');
      expect(await offer.textContent()).toContain('standard, ');
      expect(await offer.getByRole('timer').textContent()).toMatch(/^[0-9]:[0-5][0-9]$/);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await offer.getByRole('button', { name: 'Accept' }).click();

      const status = async () => (await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body.status as string;
      await waitFor(async () => ((await status()) === 'driver_assigned' ? true : undefined), 10_000);
      const navigate = page.getByRole('link', { name: 'Navigate to the pickup' });
      expect(await navigate.getAttribute('href')).toMatch(/^geo:-?[0-9.]+,-?[0-9.]+\?q=/);
      await page.getByRole('button', { name: 'Arrived at pickup' }).click();
      await waitFor(async () => ((await status()) === 'driver_at_pickup' ? true : undefined), 10_000);
      // A reload mid-delivery comes back to the same step.
      await page.reload();
      await page.getByRole('button', { name: 'Picked up' }).waitFor();

      // The connection drops: the steps are made and kept on the phone.
      await context.setOffline(true);
      await page.getByRole('button', { name: 'Picked up' }).click();
      await page.getByRole('button', { name: 'On my way to the dropoff' }).click();
      // The phone also queues its position every 10 s: on a slow machine one may join the two steps.
      const queuedSteps = async () => {
        const queued = JSON.parse(await page.evaluate<string>("localStorage.getItem('driver-outbox') ?? '[]'")) as Array<{ kind: string; report?: { status: string } }>;
        return { all: queued.length, steps: queued.filter((entry) => entry.kind === 'status').map((entry) => entry.report?.status) };
      };
      const offline = await waitFor(async () => {
        const queued = await queuedSteps();
        return queued.steps.length === 2 ? queued : undefined;
      }, 15_000);
      expect(offline.steps).toEqual(['picked_up', 'in_transit']);
      await page.getByText(/^No connection: [0-9]+ updates saved, sent when back online\.$/).waitFor();
      expect(Number((await page.getByText(/^No connection: /).textContent())?.match(/[0-9]+/)?.[0])).toBeGreaterThanOrEqual(2);
      expect(await status()).toBe('driver_at_pickup');

      await context.setOffline(false);
      await waitFor(async () => ((await status()) === 'in_transit' ? true : undefined), 15_000);
      const events = await system.request('GET', `/v1/events?delivery_id=${deliveryId}`, { key: live });
      const types = (events.body.data as Array<{ type: string }>).map((event) => event.type).reverse();
      expect(types.indexOf('delivery.picked_up')).toBeGreaterThan(-1);
      expect(types.indexOf('delivery.picked_up')).toBeLessThan(types.indexOf('delivery.in_transit'));

      await page.getByLabel('Proof photo').setInputFiles({ name: 'door.jpg', mimeType: 'image/jpeg', buffer: testPhoto('app-door') });
      await page.getByText('Photo attached').waitFor();
      const tracking = new URL((await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body.tracking_url as string).pathname;
      const pin = ((await (await fetch(`${system.baseUrl}${tracking}/status`)).json()) as { delivery_pin: string }).delivery_pin;
      await page.getByLabel("Recipient's PIN").fill(pin);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Hand over' }).click();
      await page.getByText('Delivered. Thank you!').waitFor();
      await waitFor(async () => ((await status()) === 'delivered' ? true : undefined), 15_000);
      const proof = await system.request('GET', `/v1/deliveries/${deliveryId}/proof`, { key: live });
      expect(proof.body).toMatchObject({ recipient_name: 'Amélie', pin_verified: true, photos: [{ content_type: 'image/jpeg' }] });
      expect(await page.evaluate<string | null>("localStorage.getItem('driver-outbox')")).toBe('[]');

      // Earnings, from the shift screen: the delivery's share (DRIVER_PAYOUT_PERCENT, 80, of its fee) is today's total and among today's deliveries.
      const fee = (await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body.fee as number;
      const earned = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' }).format(Math.round((fee * 80) / 100) / 100);
      await page.getByRole('button', { name: 'Earnings' }).click();
      const earnings = page.getByRole('region', { name: 'Earnings' });
      await earnings.getByText(`Today: ${earned} (1 delivery)`).waitFor();
      expect(await earnings.getByRole('list', { name: 'Last 7 days' }).getByRole('listitem').count()).toBe(7);
      const todays = earnings.getByRole('list', { name: 'Deliveries today' }).getByRole('listitem');
      await todays.first().waitFor();
      expect(await todays.count()).toBe(1);
      expect(await todays.first().textContent()).toContain(earned);
      expect(await todays.first().textContent()).toContain('Toronto M5V');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.setOffline(true);
      await earnings.getByText('No connection: earnings show once you are back online.').waitFor();
      await context.setOffline(false);
      await earnings.getByRole('button', { name: 'Back to shift' }).click();
      await page.getByRole('button', { name: /tap to go (online|offline)/ }).waitFor();

      // The operator rotates the token: the app's session ends with it, and the driver signs in with the new one.
      const rotated = await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/rotate_token`, {});
      expect(rotated.status).toBe(200);
      await page.getByRole('heading', { name: 'Driver sign-in' }).waitFor({ timeout: 15_000 });
      await page.getByLabel('Driver token').fill(rotated.body.token as string);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { name: 'Driver sign-in' }).waitFor();
      expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('sdd_driver_session');
    } finally {
      await context.close();
      await offTheRoad(driver.id, deliveryId);
    }
  });

  it('takes a reroute before pickup and returns an undeliverable package to the pickup from the app, with its reason', async () => {
    const driver = await newDriver('Returning Driver');
    let deliveryId: string | undefined;
    const context = await browser.newContext({ ...PHONE_CONTEXT, geolocation: { latitude: pickup.lat + 0.001, longitude: pickup.lng }, permissions: ['geolocation'] });
    try {
      const page = await onlineInApp(context, driver);
      deliveryId = await flow.paidDelivery(live, 'live', { customer: { name: 'Amélie Tremblay', phone: '(416) 555-0142' }, undeliverable_action: 'return_to_pickup' });
      await page.getByRole('region', { name: 'New delivery offer' }).getByRole('button', { name: 'Accept' }).click({ timeout: 20_000 });
      // Before pickup the merchant asks for a new dropoff (once the driver holds it: without one it would apply at once); the driver accepts it in the app and is sent there.
      await waitFor(async () => ((await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body.status === 'driver_assigned' ? true : undefined), 10_000);
      const asked = await system.request('POST', `/v1/deliveries/${deliveryId}/reroute`, { key: live, body: { dropoff_address: '500 Danforth Ave, Toronto, ON M4K 1P6' } });
      expect(asked.status).toBe(200);
      await page.getByRole('region', { name: 'New dropoff asked for' }).getByRole('button', { name: 'Accept the new dropoff' }).click({ timeout: 15_000 });
      await page.getByRole('region', { name: 'New dropoff asked for' }).waitFor({ state: 'detached' });
      for (const step of ['Arrived at pickup', 'Picked up']) await page.getByRole('button', { name: step }).click();
      expect(await page.getByRole('heading', { name: /^Dropoff: / }).textContent()).toContain('500 Danforth Ave');
      await page.getByText('Cannot deliver').click();
      await page.getByLabel('Why').selectOption('recipient_unavailable');
      await page.getByRole('button', { name: 'Returned to the pickup' }).click();
      await page.getByText('Returned to the pickup.').waitFor();
      const returned = await waitFor(async () => {
        const found = await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live });
        return found.body.status === 'returned' ? found.body : undefined;
      }, 15_000);
      expect(returned).toMatchObject({ status: 'returned' });
    } finally {
      await context.close();
      await offTheRoad(driver.id, deliveryId);
    }
  });

  it('checks the ID of an alcohol recipient at the hand-over: under the legal age, the delivery fails and the app says so', async () => {
    const location = await system.request('POST', '/v1/merchants/locations', {
      key: live,
      body: {
        name: 'Queen St Wines',
        address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
        phone: '+1 416 555 0100',
        licensed_for: ['alcohol'],
        license_number: 'AGCO-7',
      },
    });
    expect(location.status).toBe(201);
    const driver = await newDriver('Certified App Driver');
    expect((await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/certifications`, { kind: 'liquor_service', province: 'ON', status: 'approved' })).status).toBe(200);
    let deliveryId: string | undefined;
    const context = await browser.newContext({ ...PHONE_CONTEXT, geolocation: { latitude: pickup.lat + 0.001, longitude: pickup.lng }, permissions: ['geolocation'] });
    try {
      const page = await onlineInApp(context, driver);
      deliveryId = await flow.paidDelivery(live, 'live', { customer: { name: 'Amélie Tremblay', phone: '(416) 555-0142' } }, { category: 'alcohol' });
      const offer = page.getByRole('region', { name: 'New delivery offer' });
      await offer.waitFor({ timeout: 20_000 });
      expect(await offer.textContent()).toContain('alcohol, ');
      await offer.getByRole('button', { name: 'Accept' }).click();
      for (const step of ['Arrived at pickup', 'Picked up', 'On my way to the dropoff']) await page.getByRole('button', { name: step }).click();
      await page.getByLabel("Birth date on the recipient's ID").fill(`${new Date().getUTCFullYear() - 17}-01-01`);
      await page.getByRole('button', { name: 'Hand over' }).click();
      await page.getByText('Not handed over: the recipient is under the legal age').waitFor({ timeout: 15_000 });
      expect((await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body).toMatchObject({ status: 'failed' });
    } finally {
      await context.close();
      await offTheRoad(driver.id, deliveryId);
    }
  });
});
