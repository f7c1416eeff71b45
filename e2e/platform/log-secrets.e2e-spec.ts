import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, TestSystem, waitFor } from '@sdd/testing';

const APPS = [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook];

/** Issue 11, item 6: what the apps log at info level never carries a tracking token or an API key. */
describe('no secrets in the logs (real processes, info level)', () => {
  const system = new TestSystem();
  let keys: MerchantKeys;

  const allLogs = () => APPS.flatMap((app) => system.logs(app));

  beforeAll(async () => {
    await system.start({ apps: APPS, env: { LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOWED_HOSTS: 'receiver.localhost' } });
    keys = await system.registerMerchant('Quiet Logs Co');
  }, 60000);
  afterAll(() => system.stop());

  it('logs tracking page polls and keyed calls with the token and the keys redacted', async () => {
    const quote = await system.request('POST', '/v1/quotes', {
      key: keys.test,
      body: { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' },
    });
    const created = await system.request('POST', '/v1/deliveries', {
      key: keys.test,
      body: { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } },
    });
    expect(created.status).toBe(201);
    const trackingPath = new URL(created.body.tracking_url as string).pathname;
    const token = trackingPath.split('/').pop() as string;
    expect(token).toMatch(/^[0-9A-Za-z]{32}$/);

    for (let poll = 0; poll < 3; poll++) {
      expect((await fetch(`${system.baseUrl}${trackingPath}`)).status).toBe(200);
      expect((await fetch(`${system.baseUrl}${trackingPath}/status`)).status).toBe(200);
    }
    // Keys where they do not belong are still written into the logged URL by careless clients.
    expect((await system.request('GET', `/v1/deliveries?api_key=${keys.live}`, { key: keys.test })).status).toBe(400);
    expect((await system.request('GET', `/v1/deliveries/${keys.live}`, { key: keys.test })).status).toBe(404);
    expect((await fetch(`${system.baseUrl}/v1/no_such_route?key=${keys.test}`, { headers: { authorization: `Bearer ${keys.test}` } })).status).toBe(404);
    // A key that does not exist (a typo of the real one) is refused and logged just the same.
    expect((await system.request('GET', '/v1/deliveries', { key: `${keys.test}x` })).status).toBe(401);

    // Each request is logged once it is answered; wait for the last ones.
    await waitFor(() => (allLogs().filter((line) => line.includes('/track/[redacted]/status')).length >= 3 ? true : undefined), 10000);
    await waitFor(() => (allLogs().some((line) => line.includes('"status":401')) ? true : undefined), 10000);
    const logs = allLogs().join('\n');
    expect(logs).toContain(`"url":"/track/[redacted]"`);
    expect(logs).toContain('/v1/deliveries?api_key=[redacted]');
    for (const secret of [token, keys.test, keys.live, keys.test.slice(9), keys.live.slice(9)]) expect(logs).not.toContain(secret);
  });

  it('never logs a webhook signing secret, created or rotated, nor the key that seals them', async () => {
    const created = await system.request('POST', '/v1/webhooks', { key: keys.test, body: { url: 'https://receiver.localhost/hooks', events: ['*'] } });
    expect(created.status).toBe(201);
    const rotated = await system.request('POST', `/v1/webhooks/${created.body.id}/rotate_secret`, { key: keys.test, body: { expires_in_hours: 1 } });
    expect(rotated.status).toBe(200);
    const path = `/v1/webhooks/${created.body.id}/rotate_secret`;
    await waitFor(() => (allLogs().some((line) => line.includes(path)) ? true : undefined), 10000);
    const logs = allLogs().join('\n');
    const sealingKey = process.env.WEBHOOK_SECRETS_KEY as string;
    for (const secret of [created.body.secret as string, rotated.body.secret as string, sealingKey]) {
      expect(secret.length).toBeGreaterThan(30);
      expect(logs).not.toContain(secret);
    }
  });
});
