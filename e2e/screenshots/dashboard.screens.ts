import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import { launchTestBrowser, loadInfra, PaymentFlow, registerDashboardOwner, signInToDashboard, startMailServer, TestSystem, waitFor, WebhookReceiver } from '@sdd/testing';

/**
 * `npm run docs:screenshots`: the dashboard's pages at desktop and phone width,
 * against a real system holding a little of everything (a paid delivery paid
 * out, a cancelled one refunded, test deliveries under way, a webhook endpoint
 * that fails), written to docs/images/dashboard/ for docs/dashboard.md.
 */
const OUT = join(loadInfra().repoRoot, 'docs', 'images', 'dashboard');
const VIEWPORTS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };

type Json = Record<string, unknown>;

describe('dashboard screenshots', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let receiver: WebhookReceiver;
  let browser: Browser;
  let email = '';
  let key = '';
  let paidDeliveryId = '';
  let refundedDeliveryId = '';

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key, body });

  async function paidDelivery(): Promise<string> {
    const quote = await flow.quote(key);
    const checkoutId = (await flow.checkout(key, { quote_id: quote.id, items_subtotal: 2500 })).checkout_id as string;
    await call('POST', `/v1/test_helpers/checkouts/${checkoutId}/pay`, { card: '4242 4242 4242 4242' });
    const created = await call('POST', '/v1/deliveries', { quote_id: quote.id, checkout_id: checkoutId, customer, external_reference: `order-${checkoutId.slice(-4)}` });
    return created.body.id as string;
  }

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    mail = await startMailServer();
    receiver = await WebhookReceiver.start({ reply: () => ({ status: 500, body: '{"error":"database unavailable"}' }) });
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        MONEY_MOVEMENT_INTERVAL_MS: '200',
        TIMELINE_SPEED: '0.001',
        SMTP_URL: mail.url,
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
      },
    });
    ({ email, testKey: key } = await registerDashboardOwner(system, 'Queen Street Bakery'));
    await flow.connect(key);
    await call('POST', '/v1/webhooks', { url: receiver.url('/hooks/sameday'), events: ['*'] });

    paidDeliveryId = await paidDelivery();
    for (const to of ['pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']) await call('POST', `/v1/test_helpers/deliveries/${paidDeliveryId}/advance`, { to });
    refundedDeliveryId = await paidDelivery();
    await call('POST', `/v1/deliveries/${refundedDeliveryId}/cancel`);
    for (const to of ['driver_assigned', 'picked_up']) {
      const id = await paidDelivery();
      await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, { to });
    }
    await waitFor(async () => (((await call('GET', '/v1/payouts')).body.data as Json[]).some((p) => p.status === 'paid') ? true : undefined), 30_000, 200);
    await waitFor(async () => (((await call('GET', '/v1/refunds')).body.data as Json[]).some((r) => r.status === 'succeeded') ? true : undefined), 30_000, 200);
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    await receiver?.close();
    await mail?.close();
  });

  /** A page signed in at `viewport` (once per width: sign-ins are limited), on test data. */
  async function signedIn(viewport: { width: number; height: number }): Promise<Page> {
    const page = await (await browser.newContext({ viewport, deviceScaleFactor: 1 })).newPage();
    await signInToDashboard(page, system.baseUrl, email, 'test');
    return page;
  }

  /** Opens `path` by its link (the app keeps its session and mode in memory) and shoots it once `ready` is on the page. */
  async function shoot(page: Page, file: string, path: string, ready: (page: Page) => Promise<unknown>): Promise<void> {
    await page.evaluate(`window.history.pushState({}, '', '/dashboard${path}'); window.dispatchEvent(new PopStateEvent('popstate'))`);
    await ready(page);
    await waitFor(async () => ((await page.getByRole('status').filter({ hasText: 'Loading' }).count()) === 0 ? true : undefined), 10000, 100);
    await page.screenshot({ path: join(OUT, file), fullPage: true });
  }

  it('shoots every page', async () => {
    const heading = (name: string) => (page: Page) => page.getByRole('heading', { name, level: 1 }).waitFor({ timeout: 15000 });
    const pages: Array<[string, string, (page: Page) => Promise<unknown>]> = [
      ['deliveries', '/deliveries', heading('Deliveries')],
      ['delivery', `/deliveries/${paidDeliveryId}`, (page) => page.getByRole('heading', { name: 'Timeline and events' }).waitFor({ timeout: 15000 })],
      // A cancelled delivery: its checkout refunded, the refund with its status.
      ['delivery-refunded', `/deliveries/${refundedDeliveryId}`, (page) => page.locator('li[data-refund-id]').waitFor({ timeout: 15000 })],
      ['webhooks', '/webhooks', heading('Webhooks')],
      ['money', '/money', (page) => page.getByRole('heading', { name: 'Fee tier' }).waitFor({ timeout: 15000 })],
      ['api-keys', '/api-keys', heading('API keys')],
      ['team', '/team', heading('Team')],
      ['requests', '/requests', heading('Requests')],
    ];
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const page = await signedIn(viewport);
      for (const [name, path, ready] of pages) await shoot(page, `${name}-${width}.png`, path, ready);
      await page.context().close();
    }
    // The sign-in page, signed out.
    const context = await browser.newContext({ viewport: VIEWPORTS.phone });
    const page = await context.newPage();
    await page.goto(`${system.baseUrl}/dashboard`);
    await page.getByLabel('Email').waitFor({ timeout: 15000 });
    await page.screenshot({ path: join(OUT, 'sign-in-phone.png') });
    await context.close();
  }, 600000);
});
