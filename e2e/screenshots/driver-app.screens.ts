import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Browser, Page } from 'playwright-core';
import { Fleet, LIVE_DISPATCH_ENV, launchTestBrowser, loadInfra, PaymentFlow, PHONE_CONTEXT, TestSystem, waitFor } from '@sdd/testing';

/**
 * `npm run docs:screenshots`: the driver app at phone width (390 px) through
 * one paid live delivery against a real system — sign-in, the offer, steps
 * queued offline, the hand-over, and the earnings after it — written to
 * docs/driver-app/ for docs/api.md.
 */
const OUT = join(loadInfra().repoRoot, 'docs', 'driver-app');

describe('driver app screenshots', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let live = '';
  let pickup: { lat: number; lng: number };
  let browser: Browser;

  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    await system.start({ env: LIVE_DISPATCH_ENV });
    ({
      keys: { live },
      pickup,
    } = await flow.liveMerchant('Queen Street Bakery'));
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
  });

  const shoot = (page: Page, file: string) => page.screenshot({ path: join(OUT, file), fullPage: true });

  it('shoots a shift from sign-in to the earnings', async () => {
    const created = await fleet.create('Sam Okafor');
    const context = await browser.newContext({
      ...PHONE_CONTEXT,
      deviceScaleFactor: 1,
      geolocation: { latitude: pickup.lat + 0.002, longitude: pickup.lng },
      permissions: ['geolocation'],
    });
    const page = await context.newPage();
    await page.goto(`${system.baseUrl}/driver/`);
    await page.getByLabel('Driver token').fill(created.token);
    await shoot(page, '1-sign-in.png');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('button', { name: /tap to go online/ }).click();
    await page.getByRole('button', { name: /tap to go offline/ }).waitFor();
    await fleet.seenOnline(created.id);

    const deliveryId = await flow.paidDelivery(live, 'live', { customer: { name: 'Amélie Tremblay', phone: '(416) 555-0142' }, dropoff_notes: 'Buzz 1203' });
    const offer = page.getByRole('region', { name: 'New delivery offer' });
    await offer.waitFor({ timeout: 20_000 });
    await shoot(page, '2-offer.png');
    await offer.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'Arrived at pickup' }).click();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Picked up' }).click();
    await page.getByRole('button', { name: 'On my way to the dropoff' }).click();
    await page.getByText(/^No connection: [0-9]+ updates saved, sent when back online\.$/).waitFor();
    await shoot(page, '3-offline-steps-queued.png');
    await context.setOffline(false);
    const status = async () => (await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body.status as string;
    await waitFor(async () => ((await status()) === 'in_transit' ? true : undefined), 15_000);

    const tracking = new URL((await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body.tracking_url as string).pathname;
    const pin = ((await (await fetch(`${system.baseUrl}${tracking}/status`)).json()) as { delivery_pin: string }).delivery_pin;
    await page.getByLabel("Recipient's PIN").fill(pin);
    await shoot(page, '4-hand-over.png');
    await page.getByRole('button', { name: 'Hand over' }).click();
    await page.getByText('Delivered. Thank you!').waitFor();
    await waitFor(async () => ((await status()) === 'delivered' ? true : undefined), 15_000);

    await page.getByRole('button', { name: 'Earnings' }).click();
    const earnings = page.getByRole('region', { name: 'Earnings' });
    await earnings.getByText(/^Today: /).waitFor();
    await earnings.getByRole('list', { name: 'Deliveries today' }).getByRole('listitem').first().waitFor();
    await shoot(page, '5-earnings.png');
    await context.close();
  }, 600000);
});
