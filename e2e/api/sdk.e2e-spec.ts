import { ServiceName } from '@sdd/contracts';
import { RetryNotice, SameDay, SameDayError, verifyWebhook } from '@sameday/sdk';
import { TestSystem, waitFor, WebhookReceiver, WITHOUT_LOAD_SHEDDING } from '@sdd/testing';
import { ResponseDroppingProxy } from './response-dropping-proxy';
import { ThrottlingProxy } from './throttling-proxy';

/** 80 s of simulated timeline in 2 s. */
const TIMELINE_SPEED = 40;
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const RECIPIENT = { name: 'Ada', phone: '416 555 0142' };
const DAY_MS = 86_400_000;

/** The SDK (libs/sdk, imported from its source as @sameday/sdk) against the real processes. */
describe('SDK (@sameday/sdk) against the real system', () => {
  const system = new TestSystem();
  let receiver: WebhookReceiver;
  let key: string;
  let sdk: SameDay;
  /** Every delivery the merchant of `sdk` made, oldest first. */
  const created: string[] = [];

  async function createDelivery(client: SameDay, quoteExtras: { scheduled_at?: string } = {}, externalReference?: string): Promise<string> {
    const quote = await client.quotes.create({ pickup_address: PICKUP, dropoff_address: DROPOFF, ...quoteExtras });
    const delivery = await client.deliveries.create({ quote_id: quote.id, customer: RECIPIENT, external_reference: externalReference });
    created.push(delivery.id);
    return delivery.id;
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: {
        ...WITHOUT_LOAD_SHEDDING,
        RATE_LIMIT_PER_MINUTE: '100000',
        TIMELINE_SPEED: String(TIMELINE_SPEED),
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
      },
    });
    key = (await system.registerMerchant('SDK Co')).test;
    sdk = new SameDay({ apiKey: key, baseUrl: system.baseUrl });
  }, 120_000);

  afterAll(async () => {
    await system.stop();
    await receiver.close();
  });

  it('quotes, creates, follows a test delivery to delivered, and verifies its signed delivery.delivered webhook', async () => {
    const endpoint = await sdk.webhooks.create({ url: receiver.url('/sdk-hooks'), events: ['delivery.delivered'] });
    expect(endpoint.secret).toMatch(/^whsec_/);

    const quote = await sdk.quotes.create({ pickup_address: PICKUP, dropoff_address: DROPOFF });
    expect(quote).toMatchObject({ id: expect.stringMatching(/^qt_/), currency: 'cad' });
    expect(quote.fee).toBeGreaterThan(0);
    const delivery = await sdk.deliveries.create({ quote_id: quote.id, customer: RECIPIENT, external_reference: 'sdk-order-1' });
    created.push(delivery.id);
    expect(delivery).toMatchObject({ mode: 'test', status: 'simulated', quote_id: quote.id, price: quote.fee, external_reference: 'sdk-order-1' });

    const delivered = await waitFor(async () => {
      const current = await sdk.deliveries.get(delivery.id);
      return current.status === 'delivered' ? current : undefined;
    }, 20_000);
    expect(delivered).toMatchObject({ id: delivery.id, simulated: true });

    const hook = await waitFor(() => receiver.received.find((request) => request.path === '/sdk-hooks'), 20_000);
    expect(JSON.parse(hook.rawBody)).toMatchObject({ type: 'delivery.delivered', data: { id: delivery.id } });
    const header = hook.headers['service-signature'] as string;
    expect(verifyWebhook(hook.rawBody, header, endpoint.secret, { toleranceSeconds: 300 })).toEqual({ valid: true, timestamp: expect.any(Number) });
    expect(verifyWebhook(hook.rawBody.replace('delivered', 'cancelled'), header, endpoint.secret)).toEqual({ valid: false, reason: 'signature_mismatch' });
    expect(verifyWebhook(hook.rawBody, header, 'whsec_not_this_one')).toEqual({ valid: false, reason: 'signature_mismatch' });
  }, 60_000);

  it('cancels as the API says: refused once delivered or under way, allowed while created', async () => {
    const deliveredId = created[0];
    expect(await sdk.deliveries.cancellation(deliveredId)).toMatchObject({ allowed: false, refusal: { status: 409, code: 'delivery_not_cancellable' } });
    await expect(sdk.deliveries.cancel(deliveredId)).rejects.toMatchObject({ name: 'SameDayError', status: 409, type: 'invalid_request_error', code: 'delivery_not_cancellable' });

    // Scheduled a day ahead, so the timeline does not move them while the test looks.
    const scheduled = { scheduled_at: new Date(Date.now() + DAY_MS).toISOString() };
    const underWay = await createDelivery(sdk, scheduled);
    expect(await sdk.deliveries.advance(underWay, { to: 'driver_assigned' })).toMatchObject({ status: 'driver_assigned' });
    expect(await sdk.deliveries.cancellation(underWay)).toMatchObject({ allowed: false, refusal: { status: 409, code: 'delivery_in_progress' } });
    await expect(sdk.deliveries.cancel(underWay)).rejects.toMatchObject({ status: 409, code: 'delivery_in_progress' });

    const waiting = await createDelivery(sdk, scheduled);
    expect(await sdk.deliveries.cancellation(waiting)).toMatchObject({ allowed: true, refusal: null });
    expect(await sdk.deliveries.cancel(waiting)).toMatchObject({ id: waiting, status: 'cancelled' });
    expect((await sdk.deliveries.get(waiting)).status).toBe('cancelled');
  }, 30_000);

  it('throws a real 400 as a SameDayError carrying type, code, param and the request id', async () => {
    const failure = await sdk.deliveries.listPage({ limit: 500 }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SameDayError);
    expect(failure).toMatchObject({ status: 400, type: 'invalid_request_error', code: 'parameter_invalid', param: 'limit', requestId: expect.stringMatching(/^req_/) });
    expect((failure as SameDayError).message).toMatch(/limit/);

    const quote = await sdk.quotes.create({ pickup_address: PICKUP, dropoff_address: DROPOFF });
    const refused = await sdk.deliveries.create({ quote_id: quote.id, customer: { name: 'Ada', phone: 'not a phone' } }).catch((error: unknown) => error);
    expect(refused).toMatchObject({ status: 400, type: 'invalid_request_error', param: 'customer.phone' });
  });

  it('retries a create whose answer was lost with the same Idempotency-Key, and the delivery exists once', async () => {
    // The first POST /v1/deliveries is done by the gateway, but its answer never reaches the SDK.
    const proxy = new ResponseDroppingProxy(system.baseUrl, (method, path, seen) => method === 'POST' && path === '/v1/deliveries' && !seen.some((e) => e.path === path));
    const notices: RetryNotice[] = [];
    try {
      const client = new SameDay({ apiKey: key, baseUrl: await proxy.listen(), retry: { initialDelayMs: 50 }, onRetry: (notice) => notices.push(notice) });
      const quote = await client.quotes.create({ pickup_address: PICKUP, dropoff_address: DROPOFF });
      const delivery = await client.deliveries.create({ quote_id: quote.id, customer: RECIPIENT, external_reference: 'sdk-order-retried' });
      created.push(delivery.id);

      const attempts = proxy.exchanges.filter((e) => e.method === 'POST' && e.path === '/v1/deliveries');
      expect(attempts.map((e) => ({ status: e.status, dropped: e.dropped, replayed: e.responseHeaders['idempotent-replayed'] }))).toEqual([
        { status: 201, dropped: true, replayed: undefined },
        { status: 201, dropped: false, replayed: 'true' },
      ]);
      const keys = attempts.map((e) => e.headers['idempotency-key']);
      expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(keys[1]).toBe(keys[0]);
      expect(notices).toEqual([expect.objectContaining({ method: 'POST', attempt: 1, status: undefined, idempotencyKey: keys[0] })]);

      const matching = [];
      for await (const listed of sdk.deliveries.list({ external_reference: 'sdk-order-retried' })) matching.push(listed.id);
      expect(matching).toEqual([delivery.id]);
    } finally {
      await proxy.close();
    }
  });

  it('iterates a list across pages, following the cursors, newest first', async () => {
    let pages = 0;
    const counting = new SameDay({
      apiKey: key,
      baseUrl: system.baseUrl,
      fetch: (request, init) => {
        if (new URL(request.url).pathname === '/v1/deliveries') pages++;
        return fetch(request, init);
      },
    });
    const listed: string[] = [];
    for await (const delivery of counting.deliveries.list({ limit: 2 })) listed.push(delivery.id);
    expect(listed).toEqual([...created].reverse());
    expect(pages).toBe(Math.ceil(created.length / 2));
    expect(created.length).toBeGreaterThan(2);

    listed.length = 0;
    for await (const delivery of counting.deliveries.list({ limit: 2 })) {
      listed.push(delivery.id);
      if (listed.length === 1) break;
    }
    expect(listed).toEqual([created[created.length - 1]]);
  });

  it("throws the gateway's own 429 with its Retry-After when that is longer than it may wait", async () => {
    const LIMIT = 3;
    const replica = await system.startGatewayReplica({ RATE_LIMIT_PER_MINUTE: String(LIMIT) });
    const ownKey = (await system.registerMerchant('SDK Rate Co')).test;
    const statuses: number[] = [];
    const notices: RetryNotice[] = [];
    const client = new SameDay({
      apiKey: ownKey,
      baseUrl: replica.baseUrl,
      // Not even a second: the gateway's Retry-After, whole seconds left in its clock minute, is never waited out here.
      retry: { maxWaitMs: 0 },
      onRetry: (notice) => notices.push(notice),
      fetch: async (request, init) => {
        const response = await fetch(request, init);
        statuses.push(response.status);
        return response;
      },
    });
    // The budget is per minute of the clock: spend it with a few seconds of the minute left at least.
    await waitFor(() => (60_000 - (Date.now() % 60_000) > 5_000 ? true : undefined), 10_000, 100);
    for (let i = 0; i < LIMIT; i++) await client.deliveries.listPage({ limit: 1 });

    const refused = await client.deliveries.listPage({ limit: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SameDayError);
    expect(refused).toMatchObject({ status: 429, type: 'rate_limit_error', code: 'rate_limit_exceeded', requestId: expect.stringMatching(/^req_/) });
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect(notices).toEqual([]);
    // Retry-After: the whole seconds left in the minute, read by the SDK.
    const retryAfterMs = (refused as SameDayError).retryAfterMs ?? -1;
    expect(retryAfterMs % 1000).toBe(0);
    expect(retryAfterMs).toBeGreaterThan(0);
    expect(retryAfterMs).toBeLessThanOrEqual(60_000);
  });

  it('waits as long as Retry-After says on a 429, then succeeds', async () => {
    // A 429 asking for 1 s (the gateway's own asks up to a clock minute: the test above), then the real gateway.
    const proxy = new ThrottlingProxy(system.baseUrl, 1);
    const ownKey = (await system.registerMerchant('SDK Retry-After Co')).test;
    const notices: RetryNotice[] = [];
    try {
      const client = new SameDay({ apiKey: ownKey, baseUrl: await proxy.listen(), onRetry: (notice) => notices.push(notice) });
      const started = Date.now();
      const page = await client.deliveries.listPage({ limit: 1 });
      const waited = Date.now() - started;
      expect(page.data).toEqual([]);
      expect(proxy.statuses).toEqual([429, 200]);
      expect(notices).toEqual([expect.objectContaining({ method: 'GET', attempt: 1, status: 429, waitMs: 1000 })]);
      expect(waited).toBeGreaterThanOrEqual(1000);
    } finally {
      await proxy.close();
    }
  });
});
