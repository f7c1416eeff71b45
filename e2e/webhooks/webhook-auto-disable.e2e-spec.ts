import { ServiceName } from '@sdd/contracts';
import { ReceivedMail, startMailServer, TestSystem, uniquePrefix, waitFor, WebhookReceiver, WITHOUT_LOAD_SHEDDING } from '@sdd/testing';

/** 1 min, 10 min, 1 h become 100 ms, 1 s, 6 s: an event's four attempts span about 7 s. */
const RETRY_SPEED = '600';
/** The simulated timeline barely moves, so each delivery sends one event: delivery.created. */
const TIMELINE_SPEED = '0.001';
/** decisions.md's 12 h and 24 h, shortened: the rule is the same, only its clock runs faster. */
const WARN_AFTER_MS = 10_000;
const DISABLE_AFTER_MS = 20_000;

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

interface Webhook {
  id: string;
  active: boolean;
  failing_since: string | null;
  disabled_at: string | null;
  disabled_reason: string | null;
}

describe('webhook auto-disable (decisions.md: only after failing for a day, the merchant told first)', () => {
  const system = new TestSystem();
  let receiver: WebhookReceiver;
  let mail: Awaited<ReturnType<typeof startMailServer>>;
  /** Paths that answer 500 for now. */
  const down = new Set<string>();
  /** Per path, the event ids it answered 200 to. */
  const delivered = new Map<string, Set<string>>();

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });
  const deliveredAt = (path: string): Set<string> => delivered.get(path) ?? new Set();
  const failedAt = (path: string): number => receiver.received.filter((request) => request.path === path).length - deliveredAt(path).size;

  async function registerMerchant(name: string): Promise<{ key: string; email: string }> {
    const email = `owner+${uniquePrefix('ad')}@example.ca`;
    const response = await system.request('POST', '/v1/merchants/register', {
      body: { business_name: name, email, phone: '+1 416 555 0120', address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' } },
    });
    expect(response.status).toBe(201);
    return { key: (response.body.api_keys as { test: string }).test, email };
  }

  async function createDelivery(key: string): Promise<string> {
    const quote = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: DROPOFF });
    const created = await call('POST', '/v1/deliveries', key, { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function subscribe(key: string, path: string): Promise<string> {
    const created = await call('POST', '/v1/webhooks', key, { url: receiver.url(path), events: ['delivery.created'] });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ active: true, failing_since: null, disabled_at: null, disabled_reason: null });
    return created.body.id as string;
  }

  async function webhook(key: string, id: string): Promise<Webhook> {
    const listed = await call('GET', '/v1/webhooks', key);
    expect(listed.status).toBe(200);
    return (listed.body.data as Webhook[]).find((found) => found.id === id) as Webhook;
  }

  const noticesOf = (endpointId: string): ReceivedMail[] => mail.received.filter((received) => received.text.includes(endpointId));

  beforeAll(async () => {
    receiver = await WebhookReceiver.start({
      reply: (request) => {
        if (down.has(request.path)) return { status: 500 };
        const ids = delivered.get(request.path) ?? new Set<string>();
        ids.add((JSON.parse(request.rawBody) as { id: string }).id);
        delivered.set(request.path, ids);
        return { status: 200 };
      },
    });
    mail = await startMailServer();
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        // Its bursts of deliveries test the endpoints' health, not the gateway's load shedding.
        ...WITHOUT_LOAD_SHEDDING,
        TIMELINE_SPEED,
        WEBHOOK_RETRY_SPEED: RETRY_SPEED,
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        WEBHOOK_WARN_AFTER_MS: String(WARN_AFTER_MS),
        WEBHOOK_DISABLE_AFTER_MS: String(DISABLE_AFTER_MS),
        SMTP_URL: mail.url,
        SMTP_FROM: 'webhooks@sameday.test',
      },
    });
  }, 60000);

  afterAll(async () => {
    await system.stop();
    await receiver.close();
    await mail.close();
  });

  it('keeps an endpoint that is down for a short while active through a burst of failures, and it receives every event when it is back', async () => {
    const merchant = await registerMerchant('Outage Co');
    const endpointId = await subscribe(merchant.key, '/outage');
    down.add('/outage');
    const deliveryIds = await Promise.all(Array.from({ length: 15 }, () => createDelivery(merchant.key)));
    // 15 first attempts and their first retries, all failed: the old rule disabled the endpoint after 10.
    await waitFor(() => (failedAt('/outage') >= 25 ? true : undefined), 20000);
    // The dispatcher counts attempts in batches after they are sent: the receiver can see a failure before its count commits.
    const failing = await waitFor(async () => {
      const found = await webhook(merchant.key, endpointId);
      return found.failing_since !== null ? found : undefined;
    }, 10000);
    expect(failing).toMatchObject({ active: true, disabled_at: null, disabled_reason: null });
    expect(failing.failing_since).not.toBeNull();

    down.delete('/outage');
    await waitFor(() => (deliveredAt('/outage').size === deliveryIds.length ? true : undefined), 20000);
    const events = await call('GET', '/v1/events?type=delivery.created&limit=100', merchant.key);
    expect(new Set((events.body.data as Array<{ id: string }>).map((event) => event.id))).toEqual(deliveredAt('/outage'));
    // The successes end the run of failures: it no longer counts towards disabling, and nobody was warned.
    const recovered = await waitFor(async () => {
      const found = await webhook(merchant.key, endpointId);
      return found.failing_since === null ? found : undefined;
    }, 10000);
    expect(recovered).toMatchObject({ active: true, disabled_at: null, disabled_reason: null });
    expect(noticesOf(endpointId)).toEqual([]);
  }, 60000);

  it('warns the account by email when the failures have lasted the warning time, disables the endpoint past the full window with a notice, and PATCH re-enables it', async () => {
    const merchant = await registerMerchant('Broken Co');
    const endpointId = await subscribe(merchant.key, '/dead');
    down.add('/dead');
    const startedAt = new Date();
    let warnedAt = 0;
    // Events keep coming, as in a shop that keeps selling while its endpoint is broken.
    let sending = true;
    const sender = (async () => {
      while (sending) {
        await createDelivery(merchant.key);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    })();

    try {
      const [warning] = await waitFor(
        () => {
          const found = noticesOf(endpointId);
          return found.length > 0 ? found : undefined;
        },
        WARN_AFTER_MS + 30000,
        100,
      );
      expect(warning.to).toEqual([merchant.email]);
      expect(warning.from).toBe('webhooks@sameday.test');
      expect(warning.headers.subject).toMatch(/^Your webhook endpoint has been failing for \d+ seconds$/);
      expect(warning.text).toContain('it will be disabled');
      warnedAt = Date.now();
      const warned = await webhook(merchant.key, endpointId);
      expect(warned.active).toBe(true);
      const failingSince = Date.parse(warned.failing_since as string);
      expect(Date.now() - failingSince).toBeGreaterThanOrEqual(WARN_AFTER_MS);

      const disabled = await waitFor(
        async () => {
          const found = await webhook(merchant.key, endpointId);
          return found.active ? undefined : found;
        },
        DISABLE_AFTER_MS + 30000,
        200,
      );
      expect(disabled.disabled_reason).toBe('failing');
      expect(Date.parse(disabled.disabled_at as string) - failingSince).toBeGreaterThanOrEqual(DISABLE_AFTER_MS);
      const notices = await waitFor(() => {
        const found = noticesOf(endpointId);
        return found.length >= 2 ? found : undefined;
      }, 10000);
      expect(notices.map((notice) => notice.headers.subject)).toEqual([warning.headers.subject, 'Your webhook endpoint has been disabled']);
      expect(notices[1].to).toEqual([merchant.email]);
      expect(notices[1].text).toContain(`PATCH /v1/webhooks/${endpointId}`);
    } finally {
      sending = false;
      await sender;
    }

    down.delete('/dead');
    const reenabled = await call('PATCH', `/v1/webhooks/${endpointId}`, merchant.key, { active: true });
    expect(reenabled.status).toBe(200);
    expect(reenabled.body).toMatchObject({ active: true, failing_since: null, disabled_at: null, disabled_reason: null });
    // Recover sends what failed meanwhile again, and it arrives now that the endpoint answers.
    const recovery = await call('POST', `/v1/webhooks/${endpointId}/recover`, merchant.key, { since: startedAt.toISOString() });
    expect(recovery.status).toBe(200);
    expect(recovery.body.queued).toBeGreaterThan(0);
    const events = await call('GET', '/v1/events?type=delivery.created&limit=100', merchant.key);
    const beforeWarning = (events.body.data as Array<{ id: string; created_at: string }>).filter((event) => Date.parse(event.created_at) < warnedAt);
    expect(beforeWarning.length).toBeGreaterThan(0);
    // Everything recover queued arrives (it is sent in the background after the answer).
    await waitFor(
      () => (beforeWarning.every((event) => deliveredAt('/dead').has(event.id)) && deliveredAt('/dead').size >= (recovery.body.queued as number) ? true : undefined),
      30000,
    );
    expect(noticesOf(endpointId)).toHaveLength(2);
  }, 150000);
});
