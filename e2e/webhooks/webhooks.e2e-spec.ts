import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, testEnv, TestSystem } from '@sdd/testing';

/** A public IP literal: accepted without DNS, never contacted by these tests. */
const PUBLIC_URL = 'https://8.8.8.8/hooks/sameday';
/** The one answer for a host the dispatcher will not call, whatever the reason. */
const NOT_ALLOWED = 'Invalid url: must point at a host on the public internet.';

describe('webhook endpoints API (gateway → webhook-dispatcher)', () => {
  const system = new TestSystem();
  let a: MerchantKeys;
  let b: MerchantKeys;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  const register = () => system.registerMerchant('Webhook Co');

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Webhook],
      env: { RATE_LIMIT_PER_MINUTE: '100000', WEBHOOK_ALLOWED_HOSTS: 'receiver.localhost' },
    });
    a = await register();
    b = await register();
  }, 60000);
  afterAll(() => system.stop());

  it('registers an endpoint and shows its secret once, stored encrypted', async () => {
    const created = await call('POST', '/v1/webhooks', a.test, { url: PUBLIC_URL, events: ['delivery.delivered'], description: 'orders' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^wh_[0-9A-Za-z]{24}$/),
      url: PUBLIC_URL,
      events: ['delivery.delivered'],
      description: 'orders',
      active: true,
      created_at: expect.any(String),
      failing_since: null,
      disabled_at: null,
      disabled_reason: null,
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{33}$/),
    });
    const listed = await call('GET', '/v1/webhooks', a.test);
    expect(listed.body.data).toEqual([{ ...created.body, secret: undefined }].map(({ secret: _secret, ...rest }) => rest));

    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      const { rows } = await pg.query(`SELECT * FROM "${system.prefix}_webhooks".endpoints WHERE id = $1`, [created.body.id]);
      expect(JSON.stringify(rows)).not.toContain(created.body.secret as string);
    } finally {
      await pg.end();
    }
  });

  it('keeps endpoints per merchant and mode', async () => {
    const created = await call('POST', '/v1/webhooks', a.test, { url: PUBLIC_URL, events: ['*'] });
    expect((await call('GET', '/v1/webhooks', a.live)).body).toEqual({ data: [] });
    expect((await call('GET', '/v1/webhooks', b.test)).body).toEqual({ data: [] });
    expect((await call('DELETE', `/v1/webhooks/${created.body.id}`, b.test)).status).toBe(404);
    expect((await call('PATCH', `/v1/webhooks/${created.body.id}`, a.live, { active: false })).status).toBe(404);
  });

  it.each([
    ['plain http', { url: 'http://8.8.8.8/hook', events: ['*'] }, 'url'],
    ['loopback', { url: 'https://127.0.0.1/hook', events: ['*'] }, 'url'],
    ['IPv6 loopback', { url: 'https://[::1]/hook', events: ['*'] }, 'url'],
    ['cloud metadata', { url: 'https://169.254.169.254/latest/meta-data', events: ['*'] }, 'url'],
    ['a private network', { url: 'https://10.0.0.5/hook', events: ['*'] }, 'url'],
    ['localhost by name', { url: 'https://localhost/hook', events: ['*'] }, 'url'],
    ['credentials in the url', { url: 'https://user:pass@8.8.8.8/hook', events: ['*'] }, 'url'],
    ['not a url', { url: 'hooks please', events: ['*'] }, 'url'],
    ['an unknown event type', { url: PUBLIC_URL, events: ['delivery.lost'] }, 'events'],
    ['"*" with others', { url: PUBLIC_URL, events: ['*', 'delivery.created'] }, 'events'],
    ['no events', { url: PUBLIC_URL, events: [] }, 'events'],
  ])('refuses %s', async (_name, body, param) => {
    const response = await call('POST', '/v1/webhooks', b.live, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', param });
  });

  // Issue 11, item 4: non-public targets in every spelling, and one message for all of them.
  describe('SSRF guard', () => {
    let guarded: MerchantKeys;
    let endpointId: string;

    beforeAll(async () => {
      guarded = await register();
      endpointId = (await call('POST', '/v1/webhooks', guarded.test, { url: PUBLIC_URL, events: ['*'] })).body.id as string;
    });

    it.each([
      'https://[::ffff:127.0.0.1]/',
      'https://[::ffff:7f00:1]/',
      'https://[::ffff:0:7f00:1]/',
      'https://[64:ff9b::a9fe:a9fe]/',
      'https://[64:ff9b:1::a00:1]/',
      'https://[2002:7f00:1::]/',
      'https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/',
      'https://[fec0::1]/',
      'https://[100::1]/',
      'https://192.88.99.1/',
      'https://2130706433/',
      'https://0x7f.1/',
      'https://017700000001/',
      'https://localhost./',
      'https://metadata.google.internal/',
      'https://10.0.0.5/',
    ])('refuses %s on create and update with the one "not allowed" answer naming url', async (url) => {
      const created = await call('POST', '/v1/webhooks', guarded.live, { url, events: ['*'] });
      const updated = await call('PATCH', `/v1/webhooks/${endpointId}`, guarded.test, { url });
      for (const response of [created, updated]) {
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param: 'url', message: NOT_ALLOWED });
      }
      expect((await call('GET', '/v1/webhooks', guarded.live)).body).toEqual({ data: [] });
    });

    it('accepts a host that does not resolve yet, and checks it again when it sends', async () => {
      const created = await call('POST', '/v1/webhooks', guarded.live, { url: 'https://does-not-exist.invalid/hook', events: ['*'] });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ url: 'https://does-not-exist.invalid/hook', active: true });
      const patched = await call('PATCH', `/v1/webhooks/${endpointId}`, guarded.test, { url: 'https://still-not-there.invalid/hook' });
      expect(patched.status).toBe(200);
      expect(patched.body).toMatchObject({ url: 'https://still-not-there.invalid/hook' });
      const attempt = await call('POST', `/v1/webhooks/${created.body.id}/test`, guarded.live);
      expect(attempt.status).toBe(200);
      expect(attempt.body).toMatchObject({ succeeded: false, status_code: null, error: 'url refused: host does not resolve' });
    });
  });

  it('lets an allow-listed development host through the SSRF guard', async () => {
    const created = await call('POST', '/v1/webhooks', b.live, { url: 'https://receiver.localhost:8443/hook', events: ['*'] });
    expect(created.status).toBe(201);
  });

  it('updates, pauses and re-enables an endpoint, re-checking a new url', async () => {
    const created = await call('POST', '/v1/webhooks', a.live, { url: PUBLIC_URL, events: ['delivery.created'] });
    const id = created.body.id as string;
    const paused = await call('PATCH', `/v1/webhooks/${id}`, a.live, { active: false, events: ['delivery.created', 'delivery.delivered'] });
    expect(paused.body).toMatchObject({ active: false, events: ['delivery.created', 'delivery.delivered'] });
    expect((await call('PATCH', `/v1/webhooks/${id}`, a.live, { active: true })).body).toMatchObject({ active: true });
    const unsafe = await call('PATCH', `/v1/webhooks/${id}`, a.live, { url: 'https://192.168.1.10/hook' });
    expect(unsafe.status).toBe(400);
    expect(unsafe.body.error).toMatchObject({ param: 'url' });
    expect((await call('GET', '/v1/webhooks', a.live)).body.data).toEqual([expect.objectContaining({ id, url: PUBLIC_URL })]);
  });

  it('deletes an endpoint: 200 {id, deleted: true}, then 404', async () => {
    const created = await call('POST', '/v1/webhooks', b.test, { url: PUBLIC_URL, events: ['*'] });
    const deleted = await call('DELETE', `/v1/webhooks/${created.body.id}`, b.test);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: created.body.id, deleted: true });
    expect((await call('DELETE', `/v1/webhooks/${created.body.id}`, b.test)).status).toBe(404);
  });

  it('allows at most 16 endpoints per merchant and mode', async () => {
    const keys = await register();
    for (let i = 0; i < 16; i++) expect((await call('POST', '/v1/webhooks', keys.test, { url: PUBLIC_URL, events: ['*'] })).status).toBe(201);
    const seventeenth = await call('POST', '/v1/webhooks', keys.test, { url: PUBLIC_URL, events: ['*'] });
    expect(seventeenth.status).toBe(400);
    expect(seventeenth.body.error).toMatchObject({ code: 'webhook_limit_reached' });
    expect((await call('POST', '/v1/webhooks', keys.live, { url: PUBLIC_URL, events: ['*'] })).status).toBe(201);
  });
});
