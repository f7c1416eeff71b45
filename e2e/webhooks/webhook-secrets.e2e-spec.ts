import { createCipheriv, randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { verifyWebhook } from '@sdd/signing';
import { loadLauncher, MerchantKeys, ReceivedWebhook, testEnv, TestSystem, waitFor, WebhookReceiver } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

type Delivery = { webhook_id: string; status: string; attempts: Array<{ number: number | null; succeeded: boolean }> };

describe('webhook secret rotation and recovery (issue 11, item 7)', () => {
  const system = new TestSystem();
  let receiver: WebhookReceiver;
  let merchant: MerchantKeys;
  let other: MerchantKeys;
  /** Paths whose requests the receiver answers 503, as a receiver that is down. */
  const down = new Set<string>();

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });
  const at = (path: string): ReceivedWebhook[] => receiver.received.filter((request) => request.path === path);
  const signaturesOf = (request: ReceivedWebhook): string[] =>
    String(request.headers['service-signature'])
      .split(',')
      .filter((part) => part.startsWith('v1='));
  const verifies = (request: ReceivedWebhook, secret: string) => verifyWebhook(request.rawBody, String(request.headers['service-signature']), secret).valid;

  async function createEndpoint(path: string, events: string[] = ['delivery.cancelled']): Promise<{ id: string; secret: string }> {
    const created = await call('POST', '/v1/webhooks', merchant.test, { url: receiver.url(path), events });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, secret: created.body.secret as string };
  }

  /** Sends a signed test event to the endpoint and answers with the request the receiver got. */
  async function testRequest(id: string, path: string): Promise<ReceivedWebhook> {
    const before = at(path).length;
    const sent = await call('POST', `/v1/webhooks/${id}/test`, merchant.test);
    expect(sent.body).toMatchObject({ succeeded: true });
    expect(at(path)).toHaveLength(before + 1);
    return at(path)[before];
  }

  async function rotate(id: string, body?: unknown): Promise<string> {
    const rotated = await call('POST', `/v1/webhooks/${id}/rotate_secret`, merchant.test, body);
    expect(rotated.status).toBe(200);
    return rotated.body.secret as string;
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.start({ reply: (request) => ({ status: down.has(request.path) ? 503 : 200 }) });
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        // The whole schedule (1 min, 10 min, 1 h) in about 0.7 s.
        WEBHOOK_RETRY_SPEED: '6000',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
      },
    });
    merchant = await system.registerMerchant('Rotating Co');
    other = await system.registerMerchant('Other Co');
  }, 60000);

  afterAll(async () => {
    await system.stop();
    await receiver.close();
  });

  it('rotate_secret answers the webhook with a new secret; until the old one expires each request carries both signatures', async () => {
    const endpoint = await createEndpoint('/rotate');
    const rotated = await call('POST', `/v1/webhooks/${endpoint.id}/rotate_secret`, merchant.test);
    expect(rotated.status).toBe(200);
    const listed = await call('GET', '/v1/webhooks', merchant.test);
    const view = (listed.body.data as Array<{ id: string }>).find((webhook) => webhook.id === endpoint.id);
    expect(rotated.body).toEqual({ ...view, secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{33}$/) });
    const secret = rotated.body.secret as string;
    expect(secret).not.toBe(endpoint.secret);

    const request = await testRequest(endpoint.id, '/rotate');
    expect(signaturesOf(request)).toHaveLength(2);
    expect(verifies(request, secret)).toBe(true);
    expect(verifies(request, endpoint.secret)).toBe(true);
    expect(verifies(request, 'whsec_not_the_secret_of_this_endpoint0')).toBe(false);
  });

  it('expires_in_hours 0 ends the old secret at once: one signature, the new one', async () => {
    const endpoint = await createEndpoint('/rotate-now');
    const secret = await rotate(endpoint.id, { expires_in_hours: 0 });
    const request = await testRequest(endpoint.id, '/rotate-now');
    expect(signaturesOf(request)).toHaveLength(1);
    expect(verifies(request, secret)).toBe(true);
    expect(verifies(request, endpoint.secret)).toBe(false);
  });

  it('rotating again keeps two secrets at most: the newest and the one it replaced', async () => {
    const endpoint = await createEndpoint('/rotate-twice');
    const second = await rotate(endpoint.id, { expires_in_hours: 24 });
    const third = await rotate(endpoint.id, {});
    const request = await testRequest(endpoint.id, '/rotate-twice');
    expect(signaturesOf(request)).toHaveLength(2);
    expect(verifies(request, third)).toBe(true);
    expect(verifies(request, second)).toBe(true);
    expect(verifies(request, endpoint.secret)).toBe(false);
  });

  it('validates the rotate body strictly (400 naming the field) and finds only the caller’s own webhooks (404)', async () => {
    const endpoint = await createEndpoint('/rotate-invalid');
    for (const [body, param] of [
      [{ expires_in_hours: 25 }, 'expires_in_hours'],
      [{ expires_in_hours: -1 }, 'expires_in_hours'],
      [{ expires_in_hours: 1.5 }, 'expires_in_hours'],
      [{ expires_in_hours: '24' }, 'expires_in_hours'],
      [{ expires_in_hours: null }, 'expires_in_hours'],
      [{ expire_in_hours: 1 }, 'expire_in_hours'],
    ] as const) {
      const response = await call('POST', `/v1/webhooks/${endpoint.id}/rotate_secret`, merchant.test, body);
      expect({ body, status: response.status, param: response.body.error?.param }).toEqual({ body, status: 400, param });
    }
    for (const key of [other.test, merchant.live]) {
      const response = await call('POST', `/v1/webhooks/${endpoint.id}/rotate_secret`, key, {});
      expect(response.status).toBe(404);
      expect(response.body.error?.code).toBe('resource_missing');
    }
    // Nothing of that rotated it: the original secret alone still signs.
    const request = await testRequest(endpoint.id, '/rotate-invalid');
    expect(signaturesOf(request)).toHaveLength(1);
    expect(verifies(request, endpoint.secret)).toBe(true);
  });

  it('recover sends the failed deliveries of an endpoint again, once, after its receiver was down, and counts them', async () => {
    down.add('/down');
    const endpoint = await createEndpoint('/down', ['delivery.created']);
    const createdAt = new Date(Date.now() - 1000);
    const deliveryIds: string[] = [];
    // Two events: 8 failed attempts, short of the 10 that could disable the endpoint.
    for (let i = 0; i < 2; i += 1) {
      const quote = await call('POST', '/v1/quotes', merchant.test, { pickup_address: PICKUP, dropoff_address: DROPOFF });
      const created = await call('POST', '/v1/deliveries', merchant.test, { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
      expect(created.status).toBe(201);
      deliveryIds.push(created.body.id as string);
    }
    const eventIds = await waitFor(
      async () => {
        const ids = await Promise.all(
          deliveryIds.map(async (id) => {
            const events = await call('GET', `/v1/events?delivery_id=${id}&type=delivery.created`, merchant.test);
            return (events.body.data as Array<{ id: string }> | undefined)?.[0]?.id;
          }),
        );
        return ids.every(Boolean) ? (ids as string[]) : undefined;
      },
      20000,
      100,
    );
    const deliveryOf = async (eventId: string): Promise<Delivery> => {
      const detail = await call('GET', `/v1/events/${eventId}`, merchant.test);
      return (detail.body.deliveries as Delivery[]).find((delivery) => delivery.webhook_id === endpoint.id) as Delivery;
    };
    await waitFor(async () => ((await Promise.all(eventIds.map(deliveryOf))).every((delivery) => delivery.status === 'failed') ? true : undefined), 30000, 100);
    expect(at('/down')).toHaveLength(8);

    // Events before `since` only: none was created after now.
    const none = await call('POST', `/v1/webhooks/${endpoint.id}/recover`, merchant.test, { since: new Date().toISOString() });
    expect(none.status).toBe(200);
    expect(none.body).toEqual({ queued: 0 });

    down.delete('/down');
    const [first, second] = await Promise.all([
      call('POST', `/v1/webhooks/${endpoint.id}/recover`, merchant.test, { since: createdAt.toISOString() }),
      call('POST', `/v1/webhooks/${endpoint.id}/recover`, merchant.test, { since: createdAt.toISOString() }),
    ]);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.body.queued, second.body.queued].sort()).toEqual([0, 2]);

    await waitFor(async () => ((await Promise.all(eventIds.map(deliveryOf))).every((delivery) => delivery.status === 'succeeded') ? true : undefined), 20000, 100);
    for (const eventId of eventIds) {
      const delivery = await deliveryOf(eventId);
      expect(delivery.attempts.map((attempt) => [attempt.number, attempt.succeeded])).toEqual([
        [1, false],
        [2, false],
        [3, false],
        [4, false],
        [1, true],
      ]);
      const received = at('/down').filter((request) => (JSON.parse(request.rawBody) as { id: string }).id === eventId);
      expect(received).toHaveLength(5);
      expect(verifies(received[4], endpoint.secret)).toBe(true);
    }
    const again = await call('POST', `/v1/webhooks/${endpoint.id}/recover`, merchant.test, { since: createdAt.toISOString() });
    expect(again.body).toEqual({ queued: 0 });
  }, 90000);

  it('refuses a since more than 7 days back, in the future or not a date-time (400 naming since), and another merchant’s webhook (404)', async () => {
    const endpoint = await createEndpoint('/recover-invalid');
    const day = 24 * 3600 * 1000;
    for (const body of [
      { since: new Date(Date.now() - 7 * day - 60_000).toISOString() },
      { since: new Date(Date.now() + 3600_000).toISOString() },
      { since: 'yesterday' },
      { since: '2026-11-23' },
      { since: Math.floor(Date.now() / 1000) },
      {},
    ]) {
      const response = await call('POST', `/v1/webhooks/${endpoint.id}/recover`, merchant.test, body);
      expect({ body, status: response.status, param: response.body.error?.param }).toEqual({ body, status: 400, param: 'since' });
    }
    const unknown = await call('POST', `/v1/webhooks/${endpoint.id}/recover`, merchant.test, { since: new Date().toISOString(), limit: 5 });
    expect([unknown.status, unknown.body.error?.param]).toEqual([400, 'limit']);
    for (const key of [other.test, merchant.live]) {
      const response = await call('POST', `/v1/webhooks/${endpoint.id}/recover`, key, { since: new Date(Date.now() - day).toISOString() });
      expect(response.status).toBe(404);
    }
    const ok = await call('POST', `/v1/webhooks/${endpoint.id}/recover`, merchant.test, { since: new Date(Date.now() - 6 * day).toISOString() });
    expect([ok.status, ok.body]).toEqual([200, { queued: 0 }]);
  });

  it('keeps signing with a secret sealed before key ids (a v1 value written by the previous release)', async () => {
    const endpoint = await createEndpoint('/legacy');
    const key = Buffer.from(process.env.WEBHOOK_SECRETS_KEY as string, 'base64');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    const encrypted = Buffer.concat([cipher.update('whsec_sealed_by_the_previous_release0', 'utf8'), cipher.final()]);
    const v1 = ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), encrypted.toString('base64url')].join('.');
    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      await pg.query(`UPDATE "${system.prefix}_webhooks".endpoints SET secret_sealed = $2 WHERE id = $1`, [endpoint.id, v1]);
      const request = await testRequest(endpoint.id, '/legacy');
      expect(verifies(request, 'whsec_sealed_by_the_previous_release0')).toBe(true);

      // A rotation seals the new secret with a key id; the replaced v1 one still signs beside it.
      const secret = await rotate(endpoint.id, {});
      const { rows } = await pg.query(`SELECT secret_sealed FROM "${system.prefix}_webhooks".endpoints WHERE id = $1`, [endpoint.id]);
      expect(rows[0].secret_sealed).toMatch(/^v2\.[A-Za-z0-9_-]{8}\./);
      const after = await testRequest(endpoint.id, '/legacy');
      expect(verifies(after, secret)).toBe(true);
      expect(verifies(after, 'whsec_sealed_by_the_previous_release0')).toBe(true);
    } finally {
      await pg.end();
    }
  });

  it('the dispatcher refuses to start without a sealing key, in development too: there is no fallback', async () => {
    const { databaseUrl, redisUrl } = testEnv();
    const started = await loadLauncher().runApp('webhook-dispatcher', {
      env: { PATH: process.env.PATH, NODE_ENV: 'development', DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
      timeoutMs: 20_000,
    });
    expect(started.code).toBe(1);
    expect(started.output).toMatch(/WEBHOOK_SECRETS_KEY/);
  }, 30000);
});
