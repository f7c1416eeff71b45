import { Client } from 'pg';
import { Browser, Locator, Page } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import { Fleet, freePort, launchTestBrowser, MerchantKeys, PaymentFlow, seriousAxeViolations, startMailServer, TEST_OPS_TOKEN, testEnv, TestSystem, waitFor } from '@sdd/testing';

type Row = Record<string, unknown>;

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };
const RECIPIENT = 'amelie@example.ca';
const DESKTOP = { viewport: { width: 1280, height: 860 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
/** One more than the console's page of failures (10): the rest comes with "More". */
const FAILED_TRANSFERS = 11;

describe('operator console: the Failures page (headless Chromium, against a real system)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let merchant: MerchantKeys;
  let merchantId: string;
  /** Where delivery-service sends mail: nothing listens there until the test starts the mail server. */
  let mailPort: number;
  let mail: Awaited<ReturnType<typeof startMailServer>> | undefined;
  let pg: Client;
  let browser: Browser;

  const ops = (method: string, path: string, body?: unknown) => fleet.ops(method, path, body);
  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });
  const listed = async (path: string): Promise<Row[]> => (await ops('GET', path)).body.data as Row[];

  /** The merchant's connected account in test mode, as payment-service knows it. */
  async function setTestAccount(stripeAccountId: string, { from }: { from: string }): Promise<void> {
    const updated = await pg.query(`UPDATE "${system.prefix}_payments".merchant_accounts SET stripe_account_id = $1 WHERE merchant_id = $2 AND stripe_account_id = $3`, [
      stripeAccountId,
      merchantId,
      from,
    ]);
    expect(updated.rowCount).toBe(1);
  }

  async function failuresPage(device: typeof DESKTOP | typeof PHONE): Promise<Page> {
    const page = await (await browser.newContext(device)).newPage();
    await page.goto(`${system.baseUrl}/ops/`);
    await page.getByLabel('Operator token').fill(TEST_OPS_TOKEN);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Stuck and late deliveries', level: 1 }).waitFor({ timeout: 15000 });
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Failures' }).click();
    await page.getByRole('heading', { name: 'Failures', level: 1 }).waitFor({ timeout: 15000 });
    await waitFor(async () => ((await page.getByRole('status').filter({ hasText: 'Loading' }).count()) === 0 ? true : undefined), 10000, 100);
    return page;
  }

  /** A card's facts as "term: value" pairs. */
  async function facts(card: Locator): Promise<Record<string, string>> {
    const terms = await card.locator('dt').allTextContents();
    const values = await card.locator('dd').allTextContents();
    return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
  }

  let account: string;
  let closed: string;
  let deliveries: string[];
  let notification: Row;

  beforeAll(async () => {
    mailPort = await freePort();
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
        DISPATCH_INTERVAL_MS: '100',
        MONEY_MOVEMENT_INTERVAL_MS: '500',
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        SMTP_FROM: 'Same-day delivery <dispatch@sameday.test>',
        NOTIFY_INTERVAL_MS: '500',
        NOTIFY_RETRY_FIRST_MS: '20',
      },
    });
    merchant = await system.registerMerchant('Ops Failures Page Co');
    merchantId = ((await call('GET', '/v1/merchants/me', merchant.test)).body.merchant as { id: string }).id;
    await flow.connect(merchant.test);
    await flow.connect(merchant.live);
    pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    browser = await launchTestBrowser();

    // The processor no longer knows the test destination: every transfer is refused for good.
    const { rows } = await pg.query(`SELECT stripe_account_id FROM "${system.prefix}_payments".merchant_accounts WHERE merchant_id = $1 AND mode = 'test'`, [merchantId]);
    account = rows[0].stripe_account_id as string;
    closed = `acct_closed${Date.now()}`;
    await setTestAccount(closed, { from: account });
    deliveries = [];
    for (let made = 0; made < FAILED_TRANSFERS; made++) deliveries.push(await flow.deliveredTestDelivery(merchant.test, customer));

    // A live delivery whose recipient's email the mail server never takes (8 attempts against a port nothing listens on).
    const quote = await flow.quote(merchant.live);
    const driver = await fleet.driver('Nora Driver', { lat: quote.pickup.lat + 0.002, lng: quote.pickup.lng });
    const deliveryId = await flow.paidDelivery(merchant.live, 'live', { customer: { ...customer, email: RECIPIENT } });
    const offer = await fleet.offerFor(driver, deliveryId);
    expect((await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    notification = await waitFor(async () => (await listed('/v1/ops/notifications?status=failed')).find((row) => row.delivery_id === deliveryId), 30_000, 200);
    await waitFor(async () => ((await listed('/v1/ops/money_movements?status=failed&limit=100')).length === FAILED_TRANSFERS ? true : undefined), 30_000, 200);
    await driver.call('POST', '/v1/driver/availability', { online: false });
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await pg?.end();
    await mail?.close();
    await system.stop();
  });

  it('shows failed transfers (paged with More) and a failed notification, and Retry sends each back until it is done', async () => {
    const failed = await listed('/v1/ops/money_movements?status=failed&limit=100');
    const oldest = failed.find((row) => row.delivery_id === deliveries[0]) as Row;
    const page = await failuresPage(DESKTOP);
    const movements = page.getByRole('region', { name: 'Money movements' });
    const notifications = page.getByRole('region', { name: 'Recipient notifications' });

    // Newest first, a page of 10; the oldest comes with More, which then goes.
    await movements.getByRole('article').nth(9).waitFor({ timeout: 15000 });
    expect(await movements.getByRole('article').count()).toBe(10);
    expect(await movements.getByRole('article', { name: oldest.id as string }).count()).toBe(0);
    await movements.getByRole('button', { name: 'More' }).click();
    const card = movements.getByRole('article', { name: oldest.id as string });
    await card.waitFor({ timeout: 15000 });
    expect(await movements.getByRole('article').count()).toBe(FAILED_TRANSFERS);
    expect(await movements.getByRole('button', { name: 'More' }).count()).toBe(0);
    expect(await facts(card)).toMatchObject({
      Merchant: merchantId,
      Amount: '$22.50',
      Attempts: '1',
      'Last error': `No such account: '${closed}'`,
      Delivery: deliveries[0],
      Checkout: oldest.checkout_id,
    });
    expect(await card.textContent()).toContain('transfer');

    const notificationCard = notifications.getByRole('article', { name: notification.id as string });
    expect(await facts(notificationCard)).toMatchObject({
      Delivery: notification.delivery_id,
      Recipient: 'a***@example.ca',
      Attempts: '8',
      'Last error': expect.stringContaining('ECONNREFUSED'),
    });
    expect(await notificationCard.textContent()).toContain('driver assigned');
    expect(await page.textContent('body')).not.toMatch(/amelie@|Tremblay/);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // The faults are removed; the operator retries each: it leaves the failed list, and is done.
    await setTestAccount(account, { from: closed });
    mail = await startMailServer({ port: mailPort });
    await card.getByRole('button', { name: 'Retry' }).click();
    await card.waitFor({ state: 'detached', timeout: 15000 });
    await notificationCard.getByRole('button', { name: 'Retry' }).click();
    await notificationCard.waitFor({ state: 'detached', timeout: 15000 });
    await notifications.getByText('No failed notification.').waitFor({ timeout: 15000 });

    const made = await waitFor(async () => (await listed('/v1/ops/money_movements?status=paid&limit=100')).find((row) => row.id === oldest.id), 20_000, 100);
    expect(made).toMatchObject({ attempts: 2, retries: 1, processor_id: expect.stringMatching(/^tr_/), failed_at: null });
    const sent = await waitFor(async () => (await listed('/v1/ops/notifications?status=sent')).find((row) => row.id === notification.id), 20_000, 100);
    expect(sent).toMatchObject({ attempts: 9, retries: 1, failed_at: null });
    expect(mail.received.filter((message) => message.to.includes(RECIPIENT))).toHaveLength(1);
    // The others were not retried: still failed, and still shown.
    const stillFailed = await listed('/v1/ops/money_movements?status=failed&limit=100');
    expect(stillFailed.map((row) => row.delivery_id).sort()).toEqual(deliveries.slice(1).sort());
    expect(await movements.getByRole('article').count()).toBe(FAILED_TRANSFERS - 1);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 120000);

  it('at phone width: the same lists, usable and with no serious accessibility finding; an empty list says so', async () => {
    const page = await failuresPage(PHONE);
    const movements = page.getByRole('region', { name: 'Money movements' });
    await movements.getByRole('article').first().waitFor({ timeout: 15000 });
    expect(await page.getByRole('region', { name: 'Recipient notifications' }).getByText('No failed notification.').count()).toBe(1);
    // One column: no card wider than the screen.
    const widths = await movements.getByRole('article').evaluateAll((cards) => cards.map((card) => card.getBoundingClientRect().right));
    expect(Math.max(...widths)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(page)).toEqual([]);
  }, 60000);
});
