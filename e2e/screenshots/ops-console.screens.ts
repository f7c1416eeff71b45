import { mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { Browser, Page } from 'playwright-core';
import { Fleet, freePort, launchTestBrowser, loadInfra, PaymentFlow, signedInOpsConsole, TEST_OPS_TOKEN, testEnv, TestSystem, waitFor } from '@sdd/testing';

/**
 * The operator console's pages at desktop and phone width, against a real
 * system with a small fleet (one driver on a delivery who went silent, free
 * drivers, a pending certification), a paid live delivery nobody took, a
 * transfer the processor refused and a recipient email no mail server took,
 * written to docs/images/ops-console/ for docs/ops-console.md.
 */
const OUT = join(loadInfra().repoRoot, 'docs', 'images', 'ops-console');
const VIEWPORTS = { desktop: { width: 1280, height: 860 }, phone: { width: 390, height: 844 } } as const;
const PICKUP_ADDRESS = '1 Queen St E, Toronto, ON M5C 2W5';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };

describe('operator console screenshots', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    // Nothing listens there: the recipients' emails fail (8 quick attempts), for the Failures page.
    const mailPort = await freePort();
    await system.start({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
        SMTP_FROM: 'Same-day delivery <dispatch@sameday.test>',
        NOTIFY_INTERVAL_MS: '500',
        NOTIFY_RETRY_FIRST_MS: '20',
        RATE_LIMIT_PER_MINUTE: '100000',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
        DISPATCH_INTERVAL_MS: '100',
        OFFER_TIMEOUT_MS: '600000',
        STUCK_UNMATCHED_MS: '1000',
        STUCK_STILL_MS: '2000',
      },
    });
    const live = (await system.registerMerchant('Queen Street Bakery')).live;
    await flow.connect(live);
    const quote = await system.request('POST', '/v1/quotes', { key: live, body: { pickup_address: PICKUP_ADDRESS, dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' } });
    const pickup = quote.body.pickup as { lat: number; lng: number };
    const near = (dLat: number, dLng: number) => ({ lat: pickup.lat + dLat, lng: pickup.lng + dLng });

    const silent = await fleet.driver('Sam Okafor', near(0.004, 0.002));
    const held = await flow.paidDelivery(live, 'live', { customer });
    const offer = await fleet.offerFor(silent, held);
    await silent.call('POST', `/v1/driver/offers/${offer.id as string}/accept`);
    // Its driver busy and the others beyond the first search radius, the second waits, stuck, for an operator.
    await flow.paidDelivery(live, 'live', { customer }, { dropoff_address: '55 Mill St, Toronto, ON M5A 3C4' });
    await fleet.driver('Priya Nair', near(-0.03, 0.04), { vehicle: 'bike' });
    await fleet.driver('Marc Gagnon', near(0.02, -0.05), { vehicle: 'van', certifications: [{ kind: 'liquor_service', province: 'ON', expires_at: '2027-06-30T23:59:59Z' }] });
    const waiting = await fleet.create('Lea Chen');
    await fleet.ops('POST', `/v1/ops/drivers/${waiting.id}/certifications`, { kind: 'cannabis_retail', province: 'ON', status: 'pending' });
    await waitFor(async () => (((await fleet.ops('GET', '/v1/ops/deliveries?state=stuck')).body.data as unknown[]).length >= 2 ? true : undefined), 20_000, 200);
    await refusedTransfer();
    await waitFor(async () => (((await fleet.ops('GET', '/v1/ops/notifications?status=failed')).body.data as unknown[]).length >= 1 ? true : undefined), 30_000, 200);
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
  });

  /** A test delivery delivered while the processor no longer knows its merchant's account: its transfer is refused. */
  async function refusedTransfer(): Promise<void> {
    const test = (await system.registerMerchant('Harbourfront Flowers')).test;
    await flow.connect(test);
    const merchantId = ((await system.request('GET', '/v1/merchants/me', { key: test })).body.merchant as { id: string }).id;
    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      await pg.query(`UPDATE "${system.prefix}_payments".merchant_accounts SET stripe_account_id = 'acct_closed' WHERE merchant_id = $1 AND mode = 'test'`, [merchantId]);
    } finally {
      await pg.end();
    }
    await flow.deliveredTestDelivery(test, customer);
    await waitFor(async () => (((await fleet.ops('GET', '/v1/ops/money_movements?status=failed')).body.data as unknown[]).length >= 1 ? true : undefined), 30_000, 200);
  }

  const signedIn = async (viewport: { width: number; height: number }): Promise<Page> =>
    signedInOpsConsole(await browser.newContext({ viewport, deviceScaleFactor: 1 }), system.baseUrl);

  it('shoots every page', async () => {
    const pages: Array<[string, string, string]> = [
      ['deliveries', 'Stuck deliveries', 'Stuck and late deliveries'],
      ['map', 'Live map', 'Live map'],
      ['drivers', 'Drivers', 'Drivers'],
      ['certifications', 'Certifications', 'Certification queue'],
      ['failures', 'Failures', 'Failures'],
    ];
    for (const [width, viewport] of Object.entries(VIEWPORTS)) {
      const page = await signedIn(viewport);
      for (const [file, link, heading] of pages) {
        await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: link }).click();
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor({ timeout: 15000 });
        await waitFor(async () => ((await page.getByRole('status').filter({ hasText: 'Loading' }).count()) === 0 ? true : undefined), 10000, 100);
        if (file === 'deliveries') await page.getByRole('article').nth(1).waitFor({ timeout: 15000 });
        await page.screenshot({ path: join(OUT, `${width}-${file}.png`), fullPage: true });
      }
    }
    for (const width of Object.keys(VIEWPORTS)) for (const [file] of pages) expect(statSync(join(OUT, `${width}-${file}.png`)).size).toBeGreaterThan(10_000);
  });
});
