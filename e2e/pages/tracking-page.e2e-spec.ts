import { Browser } from 'playwright-core';
import { ServiceName } from '@sdd/contracts';
import { launchTestBrowser, TestSystem } from '@sdd/testing';

type Json = Record<string, unknown> & { error?: Record<string, unknown> };

describe('public tracking page (headless Chromium)', () => {
  const system = new TestSystem();
  let key: string;
  let browser: Browser;

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key, body });

  async function createDelivery(): Promise<{ id: string; path: string }> {
    const quote = await call('POST', '/v1/quotes', { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
    const created = await call('POST', '/v1/deliveries', {
      quote_id: quote.body.id,
      customer: { name: 'Amélie Tremblay', phone: '416 555 0142', email: 'amelie@example.ca' },
    });
    return { id: created.body.id as string, path: new URL(created.body.tracking_url as string).pathname };
  }

  beforeAll(async () => {
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery] });
    key = (await system.registerMerchant('Secret Merchant Name Inc')).test;
    browser = await launchTestBrowser();
  }, 240000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
  });

  it('serves the status without a key, with nothing about the merchant and only the first name', async () => {
    const { path } = await createDelivery();
    const response = await fetch(`${system.baseUrl}${path}/status`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ status: 'created', recipient_first_name: 'Amélie', driver: null });
    expect((body.steps as Array<{ status: string }>).map((s) => s.status)).toEqual(['created', 'pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']);
    const text = JSON.stringify(body);
    // The phone by its subscriber digits, as given and as stored (+14165550142): "416" alone also turns up in timestamps.
    for (const secret of ['Tremblay', '555 0142', '5550142', 'amelie@', 'Secret Merchant', 'mer_', 'del_']) expect(text).not.toContain(secret);
    const unknown = await fetch(`${system.baseUrl}/track/${'x'.repeat(32)}/status`);
    expect(unknown.status).toBe(404);
  });

  it('shows the current status and updates after a transition', async () => {
    const { id, path } = await createDelivery();
    const page = await browser.newPage();
    try {
      await page.goto(`${system.baseUrl}${path}`);
      await page.waitForSelector('#status[data-status="created"]', { timeout: 10000 });
      expect(await page.textContent('#greeting')).toContain('Amélie');
      expect(await page.textContent('#status')).toBe('Order received');
      expect((await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, { to: 'picked_up' })).status).toBe(200);
      await page.waitForSelector('#status[data-status="picked_up"]', { timeout: 10000 });
      expect(await page.textContent('#status')).toBe('Picked up');
      expect(await page.getAttribute('#driver', 'visibility')).toBe('visible');
      expect(await page.locator('li.reached').count()).toBe(4);
      const html = await page.content();
      expect(html).not.toContain('Tremblay');
      expect(html).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/);
    } finally {
      await page.close();
    }
  }, 30000);
});
