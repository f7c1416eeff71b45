import { Browser, BrowserContext, Page } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import {
  DASHBOARD_PASSWORD,
  launchTestBrowser,
  PaymentFlow,
  registerDashboardOwner,
  seriousAxeViolations,
  setDashboardMode,
  signInToDashboard,
  startMailServer,
  TestSystem,
  uniquePrefix,
  waitFor,
  WITHOUT_LOAD_SHEDDING,
} from '@sdd/testing';

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };

type Json = Record<string, unknown>;

describe('dashboard Money page (headless Chromium against a system with payments)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  let browser: Browser;
  const owner = { email: '', test: '' };
  const other = { email: '', test: '' };
  /** What the owner's test mode holds: a delivered delivery paid out, and a cancelled one refunded. */
  let delivered: { deliveryId: string; payout: Json; checkoutId: string };
  let cancelled: { deliveryId: string; refund: Json; checkoutId: string };

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  /** A dashboard owner of a new merchant: its email and test key. */
  async function register(businessName: string): Promise<{ email: string; test: string }> {
    const { email, testKey } = await registerDashboardOwner(system, businessName);
    return { email, test: testKey };
  }

  /** A test delivery funded by a paid checkout of a 25.00 subtotal (its developer_net: 22.50 at the 10 % tier). */
  async function paidDelivery(): Promise<{ deliveryId: string; checkoutId: string }> {
    const quote = await flow.quote(owner.test);
    const checkoutId = (await flow.checkout(owner.test, { quote_id: quote.id, items_subtotal: 2500 })).checkout_id as string;
    const paid = await call('POST', `/v1/test_helpers/checkouts/${checkoutId}/pay`, owner.test, { card: '4242 4242 4242 4242' });
    expect([paid.status, paid.body.status]).toEqual([200, 'paid']);
    const created = await call('POST', '/v1/deliveries', owner.test, { quote_id: quote.id, checkout_id: checkoutId, customer });
    expect(created.status).toBe(201);
    return { deliveryId: created.body.id as string, checkoutId };
  }

  /** A signed-in page of `email` in `mode`, on the Money page. */
  async function moneyPage(context: BrowserContext, email: string, mode: 'test' | 'live'): Promise<Page> {
    const page = await context.newPage();
    await signInToDashboard(page, system.baseUrl, email, mode);
    await page.getByRole('link', { name: 'Money', exact: true }).click();
    await page.getByRole('heading', { name: 'Money', level: 1 }).waitFor({ timeout: 10000 });
    return page;
  }

  /** Every list of the page has answered (a table or its empty state) and the account section is there. */
  async function settled(page: Page): Promise<void> {
    await page.getByRole('heading', { name: 'Fee tier' }).waitFor({ timeout: 10000 });
    await waitFor(async () => ((await page.getByRole('status').filter({ hasText: 'Loading' }).count()) === 0 ? true : undefined), 10000, 100);
  }

  beforeAll(async () => {
    mail = await startMailServer();
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment],
      env: { ...WITHOUT_LOAD_SHEDDING, RATE_LIMIT_PER_MINUTE: '100000', MONEY_MOVEMENT_INTERVAL_MS: '200', TIMELINE_SPEED: '0.001', SMTP_URL: mail.url },
    });
    Object.assign(owner, await register('Money Bakery'));
    Object.assign(other, await register('Other Bakery'));
    await flow.connect(owner.test);

    const paid = await paidDelivery();
    for (const to of ['pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']) {
      expect((await call('POST', `/v1/test_helpers/deliveries/${paid.deliveryId}/advance`, owner.test, { to })).body.status).toBe(to);
    }
    const payout = await waitFor(
      async () => ((await call('GET', '/v1/payouts', owner.test)).body.data as Json[]).find((p) => p.delivery_id === paid.deliveryId && p.status === 'paid'),
      30_000,
      200,
    );
    delivered = { ...paid, payout };

    const refunded = await paidDelivery();
    expect((await call('POST', `/v1/deliveries/${refunded.deliveryId}/cancel`, owner.test)).body.status).toBe('cancelled');
    const refund = await waitFor(
      async () => ((await call('GET', '/v1/refunds', owner.test)).body.data as Json[]).find((r) => r.delivery_id === refunded.deliveryId && r.status === 'succeeded'),
      30_000,
      200,
    );
    cancelled = { ...refunded, refund };
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    await mail?.close();
  });

  it("shows the owner's checkouts, payout and refund with their statuses and deliveries, the fee tier and the next tier; axe finds nothing serious", async () => {
    const context = await browser.newContext();
    try {
      const page = await moneyPage(context, owner.email, 'test');
      await settled(page);
      const me = (await call('GET', '/v1/merchants/me', owner.test)).body.fee_tier as { rate_percent: number; deliveries_last_30_days: number; next_tier_at: number };
      const tier = (await page.getByTestId('fee-tier').textContent()) ?? '';
      expect(tier).toContain(`${me.rate_percent} % service fee on items, from ${me.deliveries_last_30_days} `);
      expect(tier).toContain(`${me.next_tier_at - me.deliveries_last_30_days} more deliveries in 30 days reach the next tier (at ${me.next_tier_at})`);
      expect(await page.getByRole('region', { name: 'Payout account' }).locator('.badge').getAttribute('data-status')).toBe('connected');
      expect(await page.getByRole('button', { name: /onboarding/ }).count()).toBe(0);

      const payoutRow = page.locator(`tr[data-payout-id="${delivered.payout.id as string}"]`);
      expect(await payoutRow.locator('.badge').getAttribute('data-status')).toBe('paid');
      expect(await payoutRow.textContent()).toContain('$22.50');
      expect(await payoutRow.getByRole('link', { name: delivered.deliveryId }).getAttribute('href')).toBe(`/dashboard/deliveries/${delivered.deliveryId}`);

      const refundRow = page.locator(`tr[data-refund-id="${cancelled.refund.id as string}"]`);
      expect(await refundRow.locator('.badge').getAttribute('data-status')).toBe('succeeded');
      expect(await refundRow.textContent()).toContain('Delivery cancelled');
      expect(await refundRow.textContent()).toContain(`$${((cancelled.refund.amount as number) / 100).toFixed(2)}`);

      expect(await page.locator(`tr[data-checkout-id="${delivered.checkoutId}"] .badge`).getAttribute('data-status')).toBe('used');
      // Its Paid column: the checkout's paid_at, as the page formats times.
      const paidAt = (await call('GET', `/v1/checkouts/${delivered.checkoutId}`, owner.test)).body.paid_at as string;
      const shownPaidAt = await page.evaluate((iso) => new Date(iso).toLocaleString('en-CA', { dateStyle: 'medium', timeStyle: 'short' }), paidAt);
      expect(await page.locator(`tr[data-checkout-id="${delivered.checkoutId}"]`).textContent()).toContain(shownPaidAt);
      const refundedCheckout = page.locator(`tr[data-checkout-id="${cancelled.checkoutId}"]`);
      expect(await refundedCheckout.locator('.badge').getAttribute('data-status')).toBe('refunded');
      expect(await refundedCheckout.getByRole('link', { name: cancelled.deliveryId }).count()).toBe(1);
      expect(await seriousAxeViolations(page)).toEqual([]);

      // A payout's delivery opens from its link.
      await payoutRow.getByRole('link', { name: delivered.deliveryId }).click();
      await page.getByRole('heading', { name: 'Timeline and events' }).waitFor({ timeout: 10000 });

      // Phone width: nothing wider than the screen but the tables' own scroll areas.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('link', { name: 'Money', exact: true }).click();
      await settled(page);
      expect(await page.evaluate<boolean>('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);

      // Live mode: none of the test money, an account to connect, and the owner gets the onboarding link.
      await setDashboardMode(page, 'live');
      await page.getByText('No live checkouts yet.').waitFor({ timeout: 10000 });
      await settled(page);
      expect(await page.locator('tr[data-payout-id], tr[data-refund-id], tr[data-checkout-id]').count()).toBe(0);
      await page.getByRole('button', { name: 'Start onboarding' }).click();
      const link = page.getByRole('link', { name: 'Continue onboarding with Stripe' });
      await link.waitFor({ timeout: 15000 });
      // The processor's onboarding page, as the browser reaches it.
      const onboardingUrl = new URL((await link.getAttribute('href')) ?? '');
      expect([onboardingUrl.port, onboardingUrl.pathname]).toEqual([new URL(system.stripeUrl).port, expect.stringMatching(/^\/onboarding\/[0-9A-Za-z]+$/)]);
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120000);

  it('shows another merchant none of it: empty lists and its own fee tier', async () => {
    const context = await browser.newContext();
    try {
      const page = await moneyPage(context, other.email, 'test');
      await page.getByText('No test checkouts yet.').waitFor({ timeout: 10000 });
      await page.getByText(/No test payouts yet/).waitFor({ timeout: 10000 });
      await page.getByText('No test refunds.').waitFor({ timeout: 10000 });
      const text = (await page.textContent('main')) ?? '';
      for (const id of [delivered.deliveryId, delivered.checkoutId, delivered.payout.id, cancelled.deliveryId, cancelled.checkoutId, cancelled.refund.id])
        expect(text).not.toContain(id);
      expect(await page.getByTestId('fee-tier').textContent()).toContain('from 0 deliveries in the past 30 days');
      expect(await page.getByRole('region', { name: 'Payout account' }).locator('.badge').getAttribute('data-status')).toBe('not_connected');
      expect(await seriousAxeViolations(page)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60000);

  it('lets an invited viewer see the money but not start onboarding', async () => {
    const ownerContext = await browser.newContext();
    const viewerContext = await browser.newContext();
    try {
      const page = await moneyPage(ownerContext, owner.email, 'test');
      const viewerEmail = `viewer+${uniquePrefix('v')}@example.ca`;
      await page.getByRole('link', { name: 'Team' }).click();
      const invite = page.getByRole('form', { name: 'Invite a teammate' });
      await invite.getByLabel('Email').fill(viewerEmail);
      await invite.getByRole('combobox').selectOption('viewer');
      await page.getByRole('button', { name: 'Invite' }).click();
      const link = await waitFor(() => {
        const found = mail.received.filter((received) => received.to.includes(viewerEmail));
        return found.length ? new RegExp(`${system.baseUrl}/dashboard/accept-invitation#token=[0-9A-Za-z]+`).exec(found[found.length - 1].text)?.[0] : undefined;
      });

      const joined = await viewerContext.newPage();
      await joined.goto(link);
      await joined.getByLabel('Choose a password').fill(DASHBOARD_PASSWORD);
      await joined.getByRole('button', { name: 'Accept the invitation' }).click();
      await joined.getByRole('heading', { name: 'Deliveries', level: 1 }).waitFor({ timeout: 10000 });
      await setDashboardMode(joined, 'test');
      await joined.getByRole('link', { name: 'Money', exact: true }).click();
      await joined.locator(`tr[data-payout-id="${delivered.payout.id as string}"]`).waitFor({ timeout: 10000 });
      await setDashboardMode(joined, 'live');
      await joined.getByText('An owner of the account starts and finishes onboarding.').waitFor({ timeout: 10000 });
      expect(await joined.getByRole('button', { name: /onboarding/ }).count()).toBe(0);
      expect(await seriousAxeViolations(joined)).toEqual([]);
    } finally {
      await ownerContext.close();
      await viewerContext.close();
    }
  }, 60000);
});
