import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import { launchTestBrowser, PaymentFlow, TestSystem, waitFor } from '@sdd/testing';

describe('hosted payment page (headless Chromium, local Stripe-compatible server)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let key: string;
  let browser: Browser;
  let shop: Server;
  let shopUrl: string;

  async function checkout(itemsSubtotal: number): Promise<{ id: string; url: string; fee: number }> {
    const quote = await flow.quote(key);
    const created = await flow.checkout(key, {
      quote_id: quote.id,
      items_subtotal: itemsSubtotal,
      success_url: `${shopUrl}/thanks`,
      cancel_url: `${shopUrl}/cart`,
    });
    return { id: created.checkout_id as string, url: created.checkout_url as string, fee: quote.fee };
  }

  async function payWith(page: Page, card: string): Promise<void> {
    await page.fill('#card-number', card);
    await page.fill('#card-expiry', '12/34');
    await page.fill('#card-cvc', '123');
    await page.click('#pay');
  }

  const statusOf = async (id: string) => (await system.request('GET', `/v1/checkouts/${id}`, { key })).body.status;

  beforeAll(async () => {
    shop = createServer((_request, response) => response.end('<!doctype html><title>Shop</title><h1>Shop</h1>'));
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
    // The test timeline in under a second, so a paid delivery reaches delivered by itself.
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment],
      env: { TIMELINE_SPEED: '100', MONEY_MOVEMENT_INTERVAL_MS: '200' },
    });
    key = (await system.registerMerchant('Boulangerie Ada')).test;
    await flow.connect(key);
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
    shop?.close();
  });

  it('shows the merchant and the amounts, pays with 4242, sends the customer to success_url; the delivery it funds transfers the net', async () => {
    const { id, url, fee } = await checkout(2500);
    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.waitForSelector('#card-form:not([hidden])', { timeout: 10000 });
      expect(await page.textContent('#merchant')).toBe('Pay Boulangerie Ada');
      expect(await page.textContent('#items')).toBe('25.00 CAD');
      expect(await page.textContent('#delivery')).toBe(`${(fee / 100).toFixed(2)} CAD`);
      expect(await page.textContent('#total')).toBe(`${((2500 + fee) / 100).toFixed(2)} CAD`);
      expect(await page.getAttribute('#cancel', 'href')).toBe(`${shopUrl}/cart`);
      await payWith(page, '4242 4242 4242 4242');
      await page.waitForURL(`${shopUrl}/thanks`, { timeout: 15000 });
      expect(await statusOf(id)).toBe('paid');
    } finally {
      await page.close();
    }

    const quoteId = (await system.request('GET', `/v1/checkouts/${id}`, { key })).body.quote_id as string;
    const created = await system.request('POST', '/v1/deliveries', { key, body: { quote_id: quoteId, checkout_id: id, customer: { name: 'Ada', phone: '416 555 0142' } } });
    expect(created.status).toBe(201);
    expect(created.body.payment).toMatchObject({ amount_charged: 2500 + fee, items_subtotal: 2500, service_fee: 250, developer_net: 2250 });
    const deliveryId = created.body.id as string;
    await waitFor(async () => ((await system.request('GET', `/v1/deliveries/${deliveryId}`, { key })).body.status === 'delivered' ? true : undefined), 20_000, 100);
    const payout = await waitFor(
      async () => {
        const page = await system.request('GET', '/v1/payouts', { key });
        return (page.body.data as Array<Record<string, unknown>>).find((p) => p.delivery_id === deliveryId && p.status === 'paid');
      },
      20_000,
      100,
    );
    const transfers = (await flow.processor('test').transfers.list({ limit: 100 })).data.filter((t) => t.metadata?.delivery_id === deliveryId);
    expect(transfers.map((t) => ({ id: t.id, amount: t.amount }))).toEqual([{ id: payout.transfer_id, amount: 2250 }]);
  });

  it('shows a declined card and stays payable; another card then pays', async () => {
    const { id, url } = await checkout(900);
    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.waitForSelector('#card-form:not([hidden])', { timeout: 10000 });
      await payWith(page, '4000 0000 0000 0002');
      await page.waitForSelector('#error:not(:empty)', { timeout: 10000 });
      expect(await page.textContent('#error')).toMatch(/declined/i);
      expect(await page.isEnabled('#pay')).toBe(true);
      expect(await statusOf(id)).toBe('failed');
      await payWith(page, '4242424242424242');
      await page.waitForURL(`${shopUrl}/thanks`, { timeout: 15000 });
      expect(await statusOf(id)).toBe('paid');
    } finally {
      await page.close();
    }
  });

  it('takes the customer through 3-D Secure and back, then to success_url', async () => {
    const { id, url } = await checkout(1500);
    const page = await browser.newPage();
    try {
      await page.goto(url);
      await page.waitForSelector('#card-form:not([hidden])', { timeout: 10000 });
      await payWith(page, '4000 0027 6000 3184');
      await page.waitForSelector('#complete', { timeout: 15000 });
      expect(await statusOf(id)).toBe('open');
      await page.click('#complete');
      await page.waitForURL(`${shopUrl}/thanks`, { timeout: 15000 });
      expect(await statusOf(id)).toBe('paid');
    } finally {
      await page.close();
    }
  });

  it('tells a customer opening a paid or unknown checkout that there is nothing to pay', async () => {
    const { id, url } = await checkout(100);
    expect((await system.request('POST', `/v1/test_helpers/checkouts/${id}/pay`, { key, body: { card: '4242 4242 4242 4242' } })).status).toBe(200);
    const cancelled = await checkout(100);
    expect((await system.request('POST', `/v1/checkouts/${cancelled.id}/cancel`, { key })).status).toBe(200);
    const page = await browser.newPage();
    try {
      await page.goto(cancelled.url);
      await page.waitForSelector('#notice:has-text("cancelled")', { timeout: 10000 });
      expect(await page.isHidden('#card-form')).toBe(true);
      await page.goto(url);
      await page.waitForURL(`${shopUrl}/thanks`, { timeout: 15000 });
    } finally {
      await page.close();
    }
    const unknown = await fetch(`${system.baseUrl}/checkout/chk_nope/refresh`, { method: 'POST' });
    expect(unknown.status).toBe(404);
  });
});
