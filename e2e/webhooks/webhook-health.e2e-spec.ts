import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, TestSystem, WebhookReceiver } from '@sdd/testing';

/** An endpoint's health and what its receiver answered (status, body excerpt, duration), through GET /v1/webhooks/{id}/health and the event log. */
describe('webhook health and response excerpts (gateway → webhook-dispatcher)', () => {
  const system = new TestSystem();
  let receiver: WebhookReceiver;
  let keys: MerchantKeys;
  let other: MerchantKeys;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  beforeAll(async () => {
    receiver = await WebhookReceiver.start({ reply: () => ({ status: 500, body: `maintenance: back soon\u0000${'x'.repeat(2000)}` }) });
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Webhook],
      env: { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOWED_HOSTS: 'localhost', NODE_EXTRA_CA_CERTS: receiver.caFile },
    });
    keys = await system.registerMerchant('Health Co');
    other = await system.registerMerchant('Other Co');
  }, 60000);
  afterAll(async () => {
    await system.stop();
    await receiver.close();
  });

  it('counts the last day’s attempts and lists the latest failures with what the endpoint answered', async () => {
    const created = await call('POST', '/v1/webhooks', keys.test, { url: receiver.url('/health'), events: ['*'] });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call('GET', `/v1/webhooks/${id}/health`, keys.test)).body).toEqual({
      webhook_id: id,
      since: expect.any(String),
      attempts: 0,
      succeeded: 0,
      success_rate: null,
      last_failures: [],
    });

    const failed = await call('POST', `/v1/webhooks/${id}/test`, keys.test);
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ succeeded: false, status_code: 500, duration_ms: expect.any(Number) });
    // The first 1 KiB, the NUL removed.
    const excerpt = failed.body.response_body_excerpt as string;
    expect(excerpt.startsWith('maintenance: back soonxxx')).toBe(true);
    expect(excerpt).toHaveLength(1023);

    receiver.reply(() => ({ status: 200, body: '{"received":true}' }));
    const succeeded = await call('POST', `/v1/webhooks/${id}/test`, keys.test);
    expect(succeeded.body).toMatchObject({ succeeded: true, status_code: 200, response_body_excerpt: '{"received":true}' });

    const health = await call('GET', `/v1/webhooks/${id}/health`, keys.test);
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ webhook_id: id, attempts: 2, succeeded: 1, success_rate: 0.5 });
    expect(Date.now() - Date.parse(health.body.since as string)).toBeGreaterThanOrEqual(24 * 3600 * 1000);
    expect(health.body.last_failures).toEqual([failed.body]);

    // The event log keeps the same excerpt with the attempt.
    const event = await call('GET', `/v1/events/${failed.body.event_id}`, keys.test);
    expect((event.body.deliveries as Array<{ attempts: unknown[] }>)[0].attempts).toEqual([failed.body]);
  });

  it('shows an endpoint’s health to its own merchant and mode only', async () => {
    const created = await call('POST', '/v1/webhooks', keys.test, { url: receiver.url('/scoped'), events: ['*'] });
    const id = created.body.id as string;
    expect((await call('GET', `/v1/webhooks/${id}/health`, other.test)).status).toBe(404);
    expect((await call('GET', `/v1/webhooks/${id}/health`, keys.live)).body.error).toMatchObject({ code: 'resource_missing' });
  });
});
