import { Browser, Page } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import {
  launchTestBrowser,
  seriousAxeViolations,
  startMailServer,
  TestSystem,
  uniquePrefix,
  waitFor,
  WebhookReceiver,
  WITHOUT_LOAD_SHEDDING,
  DASHBOARD_PASSWORD,
  registerDashboardOwner,
  signInToDashboard,
} from '@sdd/testing';

const PASSWORD = DASHBOARD_PASSWORD;
const FAILURE_BODY = 'upstream database down, try later';

/** A failed webhook seen, resent and delivered from the dashboard: item 3's attempts and item 5's health, against a real HTTPS receiver. */
describe('dashboard webhooks: a failed attempt, its health, a resend (headless Chromium)', () => {
  const system = new TestSystem();
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let email: string;
  let testKey: string;

  /** Calls as a signed-in browser does: the session cookie, and the CSRF token for changes. */
  const asSession = async (method: string, path: string, session: { cookie: string; csrf: string }, body?: unknown) => {
    const response = await fetch(`${system.baseUrl}${path}`, {
      method,
      headers: { cookie: session.cookie, 'x-csrf-token': session.csrf, 'dashboard-mode': 'test', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { error?: { type: string; code: string } } };
  };

  const mailedLink = (to: string, page: string) =>
    waitFor(() => {
      const found = mail.received.filter((received) => received.to.includes(to));
      return found.length ? new RegExp(`${system.baseUrl}/dashboard/${page}#token=[0-9A-Za-z]+`).exec(found[found.length - 1].text)?.[0] : undefined;
    });

  const signIn = (page: Page, who: string) => signInToDashboard(page, system.baseUrl, who);

  /** Opens the delivery's first event (delivery.created) and waits for its attempts to show. */
  async function openCreatedEvent(page: Page, deliveryId: string): Promise<void> {
    await page.goto(`${system.baseUrl}/dashboard/deliveries/${deliveryId}`);
    const created = page.locator('.timeline li[data-event-type="delivery.created"]');
    const details = created.locator(':scope > details');
    await details.waitFor({ timeout: 15000 });
    if ((await details.getAttribute('open')) === null) await details.locator(':scope > summary').click();
    await created.locator('.attempt').first().waitFor({ timeout: 15000 });
  }

  beforeAll(async () => {
    mail = await startMailServer();
    receiver = await WebhookReceiver.start({ reply: () => ({ status: 500, body: FAILURE_BODY }) });
    await system.start({
      // Payment too: a delivery's page asks for the checkout that paid for it.
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook],
      env: { ...WITHOUT_LOAD_SHEDDING, RATE_LIMIT_PER_MINUTE: '100000', SMTP_URL: mail.url, WEBHOOK_ALLOWED_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: receiver.caFile },
    });
    ({ email, testKey } = await registerDashboardOwner(system, 'Hook Bakery'));
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    await mail?.close();
    await receiver?.close();
  });

  it('shows the failed attempt on the delivery page and in the endpoint’s health, then resends it successfully; a viewer can do neither', async () => {
    const owner = await browser.newContext();
    const viewerContext = await browser.newContext();
    const failedCalls: string[] = [];
    try {
      const page = await owner.newPage();
      page.on('response', (response) => {
        if (response.url().includes('/v1/') && response.status() >= 500) failedCalls.push(`${response.status()} ${response.url()}`);
      });
      await signIn(page, email);

      // The owner adds the receiver as an endpoint; its secret is shown once.
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await page.getByLabel('Endpoint URL').fill(receiver.url('/hooks'));
      await page.getByRole('button', { name: 'Add endpoint' }).click();
      expect(await page.locator('#new-webhook-secret').textContent({ timeout: 10000 })).toMatch(/^whsec_/);
      await page.locator('.cards li').first().waitFor({ timeout: 10000 });

      // A delivery made through the API: its delivery.created event reaches the receiver, which answers 500.
      const quote = await system.request('POST', '/v1/quotes', {
        key: testKey,
        body: { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' },
      });
      const delivery = await system.request('POST', '/v1/deliveries', { key: testKey, body: { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } } });
      expect(delivery.status).toBe(201);
      const deliveryId = delivery.body.id as string;
      await receiver.waitFor((received) => received.some((request) => request.rawBody.includes(deliveryId)), 15000);

      // The delivery page: the request, the failed attempt with its status, the endpoint's answer and the time it took.
      await openCreatedEvent(page, deliveryId);
      const event = page.locator('.timeline li[data-event-type="delivery.created"]');
      const failed = event.locator('.attempt[data-succeeded="false"]').first();
      expect(await failed.locator('.attempt-status').textContent()).toBe('HTTP 500');
      expect(await failed.locator('.excerpt').textContent()).toBe(FAILURE_BODY);
      expect(await failed.locator('.attempt-duration').textContent()).toMatch(/^\d+ ms$/);
      await event.getByText('Request body').click();
      expect(await event.locator('.request pre').textContent()).toContain(deliveryId);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The webhooks page: the endpoint's health counts the failure and lists it.
      await page.getByRole('link', { name: 'Webhooks' }).click();
      const card = page.locator('.cards li').first();
      await card
        .locator('.success-rate')
        .filter({ hasText: /^0% of \d+ attempts? succeeded/ })
        .waitFor({ timeout: 15000 });
      const webhookId = (await card.getAttribute('data-webhook-id')) ?? '';
      expect(webhookId).toMatch(/^wh_/);
      await card.getByText(/Latest failures/).click();
      const lastFailure = card.locator('.attempt').first();
      expect(await lastFailure.locator('.attempt-status').textContent()).toBe('HTTP 500');
      expect(await lastFailure.locator('.excerpt').textContent()).toBe(FAILURE_BODY);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // The receiver recovers; a resend from the delivery page succeeds and appears at once.
      receiver.reply(() => ({ status: 200, body: '{"received":true}' }));
      await openCreatedEvent(page, deliveryId);
      await event.getByRole('button', { name: /^Resend delivery\.created to https:\/\/localhost:\d+\/hooks$/ }).click();
      const resent = event.locator('.attempt[data-succeeded="true"]').filter({ hasText: 'resent' });
      await resent.waitFor({ timeout: 20000 });
      expect(await resent.locator('.attempt-status').textContent()).toBe('HTTP 200');
      expect(await resent.locator('.excerpt').textContent()).toBe('{"received":true}');
      expect(await event.getByRole('alert').count()).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      // Phone width: the delivery page (long URLs, the schematic, the attempts) stays within the screen, and so does the webhooks page.
      await page.setViewportSize({ width: 390, height: 844 });
      const tooWide =
        "[...document.querySelectorAll('main *')].filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1 && !e.closest('.table-wrap')).map((e) => e.tagName + '.' + e.className)";
      expect(await page.evaluate<string[]>(tooWide)).toEqual([]);
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
      await page.getByRole('link', { name: 'Webhooks' }).click();
      await card
        .locator('.success-rate')
        .filter({ hasText: /^(?!0%)\d+(\.\d)?% of \d+ attempts succeeded/ })
        .waitFor({ timeout: 15000 });
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

      // A viewer: joins by invitation, sees the attempts and the health, and no control to change them.
      const viewerEmail = `viewer+${uniquePrefix('v')}@example.ca`;
      await page.getByRole('link', { name: 'Team' }).click();
      const invite = page.getByRole('form', { name: 'Invite a teammate' });
      await invite.getByLabel('Email').fill(viewerEmail);
      await invite.getByRole('combobox').selectOption('viewer');
      await page.getByRole('button', { name: 'Invite' }).click();
      const viewer = await viewerContext.newPage();
      await viewer.goto(await mailedLink(viewerEmail, 'accept-invitation'));
      await viewer.getByLabel('Choose a password').fill(PASSWORD);
      await viewer.getByRole('button', { name: 'Accept the invitation' }).click();
      await viewer.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor({ timeout: 10000 });
      await openCreatedEvent(viewer, deliveryId);
      expect(await viewer.locator('.attempt').count()).toBeGreaterThanOrEqual(2);
      expect(await viewer.getByRole('button', { name: /Resend/ }).count()).toBe(0);
      expect(await seriousAxeViolations(viewer)).toEqual([]);
      await viewer.getByRole('link', { name: 'Webhooks' }).click();
      await viewer.locator('.cards li .success-rate').waitFor({ timeout: 10000 });
      expect(await viewer.getByRole('button', { name: /Rotate|Send test|Delete|Recover|Re-enable/ }).count()).toBe(0);
      expect(await viewer.getByLabel('Endpoint URL').count()).toBe(0);
      expect(await seriousAxeViolations(viewer)).toEqual([]);

      // And the API refuses the viewer's session the changes the page does not offer.
      const session = await fetch(`${system.baseUrl}/v1/dashboard/sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: viewerEmail, password: PASSWORD }),
      });
      expect(session.status).toBe(201);
      const viewerSession = { cookie: (session.headers.get('set-cookie') ?? '').split(';')[0], csrf: ((await session.json()) as { csrf_token: string }).csrf_token };
      const eventId = (await system.request('GET', `/v1/events?delivery_id=${deliveryId}&type=delivery.created`, { key: testKey })).body.data as Array<{ id: string }>;
      for (const [path, body] of [
        [`/v1/events/${eventId[0].id}/resend`, { webhook_id: webhookId }],
        [`/v1/webhooks/${webhookId}/rotate_secret`, {}],
      ] as const) {
        const refused = await asSession('POST', path, viewerSession, body);
        expect(refused.status).toBe(403);
        expect(refused.body.error).toMatchObject({ type: 'permission_error', code: 'role_forbidden' });
      }
      expect(failedCalls).toEqual([]);
    } finally {
      await owner.close();
      await viewerContext.close();
    }
  }, 180000);

  it("filters the deliveries list on the server by the browser's local days (America/Toronto) and the exact reference", async () => {
    const context = await browser.newContext({ timezoneId: 'America/Toronto' });
    try {
      const reference = `ORD-${uniquePrefix('f')}`;
      const quote = await system.request('POST', '/v1/quotes', {
        key: testKey,
        body: { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' },
      });
      const created = await system.request('POST', '/v1/deliveries', {
        key: testKey,
        body: { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' }, external_reference: reference },
      });
      const deliveryId = created.body.id as string;
      // The delivery's day in Toronto, and the Unix second that day began there.
      const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date(created.body.created_at as string));
      const offset = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Toronto', timeZoneName: 'longOffset' })
        .formatToParts(new Date(`${day}T12:00:00Z`))
        .find((part) => part.type === 'timeZoneName')
        ?.value.replace('GMT', '');
      const dayStart = Date.parse(`${day}T00:00:00${offset}`) / 1000;
      const nextDay = new Date(Date.parse(`${day}T12:00:00Z`) + 86400_000).toISOString().slice(0, 10);

      const page = await context.newPage();
      await signIn(page, email);
      const asked = page.waitForRequest((request) => decodeURIComponent(request.url()).includes(`created[gte]=${dayStart}&`));
      await page.goto(`${system.baseUrl}/dashboard/deliveries?from=${day}&to=${day}&reference=${reference}`);
      const url = decodeURIComponent((await asked).url());
      expect(url).toContain(`created[lte]=${dayStart + 86399}`);
      expect(url).toContain(`external_reference=${reference}`);
      await page.locator(`tr[data-delivery-id="${deliveryId}"]`).waitFor({ timeout: 10000 });
      expect(await page.locator('tbody tr').count()).toBe(1);

      await page.goto(`${system.baseUrl}/dashboard/deliveries?from=${nextDay}&reference=${reference}`);
      await page.getByText('No test deliveries match.').waitFor({ timeout: 10000 });
      await page.goto(`${system.baseUrl}/dashboard/deliveries?reference=${reference.toLowerCase()}`);
      await page.getByText('No test deliveries match.').waitFor({ timeout: 10000 });
    } finally {
      await context.close();
    }
  }, 60000);
});
