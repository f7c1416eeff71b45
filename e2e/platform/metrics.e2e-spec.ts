import { ServiceName } from '@sdd/contracts';
import { metricValue as sample, PaymentFlow, TEST_OPS_TOKEN, TestSystem, waitFor, WebhookReceiver } from '@sdd/testing';

describe("metrics on every ops port, the queue dashboard on the gateway's", () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let receiver: WebhookReceiver;
  let key: string;
  const scrape = async (app: ServiceName) => {
    const response = await fetch(`${system.opsUrlOf(app)}/metrics`);
    expect([response.status, response.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/plain')]);
    return response.text();
  };

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    await system.start({
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
        TIMELINE_SPEED: '100',
        MONEY_MOVEMENT_INTERVAL_MS: '200',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
      },
    });
    key = (await system.registerMerchant('Metrics Co')).test;
    await flow.connect(key);
  }, 90_000);
  afterAll(async () => {
    await system.stop();
    await receiver.close();
  });

  it('counts what a paid test delivery does, app by app, with route templates and bounded labels', async () => {
    expect((await system.request('POST', '/v1/webhooks', { key, body: { url: receiver.url('/hooks'), events: ['*'] } })).status).toBe(201);
    const quote = await flow.quote(key);
    const checkout = await flow.checkout(key, { quote_id: quote.id, items_subtotal: 2500 });
    await flow.payAsCustomer(key, 'test', checkout);
    const created = await system.request('POST', '/v1/deliveries', {
      key,
      body: { quote_id: quote.id, checkout_id: checkout.checkout_id, customer: { name: 'Ada', phone: '416 555 0142' } },
    });
    expect(created.status).toBe(201);
    const deliveryId = created.body.id as string;
    await waitFor(async () => ((await system.request('GET', `/v1/deliveries/${deliveryId}`, { key })).body.status === 'delivered' ? true : undefined), 30_000, 100);
    await waitFor(
      async () => {
        const page = await system.request('GET', '/v1/payouts', { key });
        return (page.body.data as Array<{ delivery_id: string; status: string }>).some((p) => p.delivery_id === deliveryId && p.status === 'paid') ? true : undefined;
      },
      30_000,
      100,
    );
    await receiver.waitFor((received) => received.some((request) => request.rawBody.includes('delivery.delivered') && request.rawBody.includes(deliveryId)), 30_000);
    await system.request('GET', '/v1/no-such-route', { key });

    const gateway = await scrape(ServiceName.Gateway);
    expect(sample(gateway, 'sdd_http_request_duration_seconds_count', { route: '/v1/deliveries/:deliveryId', method: 'GET', status: '200' })).toBeGreaterThan(0);
    expect(sample(gateway, 'sdd_http_request_duration_seconds_count', { route: '/v1/deliveries', method: 'POST', status: '201' })).toBe(1);
    expect(sample(gateway, 'sdd_http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    expect(gateway).not.toContain(deliveryId);
    expect(sample(gateway, 'sdd_bus_request_duration_seconds_count', { pattern: 'delivery.create', outcome: 'ok' })).toBe(1);
    expect(sample(gateway, 'sdd_bus_request_duration_seconds_bucket', { pattern: 'delivery.create', le: '+Inf' })).toBe(1);
    expect(sample(gateway, 'process_resident_memory_bytes', { service: 'api-gateway' })).toBeGreaterThan(0);

    const delivery = await scrape(ServiceName.Delivery);
    expect(sample(delivery, 'sdd_timeline_step_lateness_seconds_count')).toBeGreaterThanOrEqual(4);
    expect(sample(delivery, 'sdd_timeline_steps', { state: 'due' })).toBe(0);
    expect(sample(delivery, 'sdd_timeline_oldest_due_age_seconds')).toBe(0);
    expect(sample(delivery, 'sdd_queue_jobs', { queue: '{delivery-service.requests}', state: 'delayed' })).toBe(0);
    expect(sample(delivery, 'sdd_outbox_backlog_age_seconds', { subscriber: 'webhook-dispatcher' })).toBeDefined();
    expect(sample(delivery, 'sdd_outbox_backlog_events', { subscriber: 'payment-service' })).toBeDefined();

    const webhooks = await scrape(ServiceName.Webhook);
    expect(sample(webhooks, 'sdd_webhook_attempts_total', { outcome: 'delivered' })).toBeGreaterThanOrEqual(1);
    expect(sample(webhooks, 'sdd_queue_jobs', { queue: '{webhook-dispatcher.attempts}', state: 'failed' })).toBe(0);

    const payments = await scrape(ServiceName.Payment);
    expect(sample(payments, 'sdd_money_movements_total', { kind: 'transfer', outcome: 'succeeded' })).toBe(1);
    expect(sample(payments, 'sdd_queue_jobs', { queue: '{payment-service.requests}', state: 'waiting' })).toBe(0);

    const quotes = await scrape(ServiceName.Quote);
    expect(sample(quotes, 'sdd_queue_jobs', { queue: '{quote-service.requests}', state: 'active' })).toBeDefined();
  });

  it('serves metrics on the ops port only', async () => {
    const response = await fetch(`${system.baseUrl}/metrics`);
    expect(response.status).toBe(404);
  });

  it('shows every queue in Bull Board at /ops/queues, to the operator credential on the ops port only', async () => {
    const board = `${system.opsUrl}/ops/queues`;
    expect((await fetch(`${system.baseUrl}/ops/queues`, { headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` } })).status).toBe(404);
    expect((await fetch(`${system.baseUrl}/ops/queues/api/queues`, { headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` } })).status).toBe(404);
    const challenged = await fetch(board);
    expect([challenged.status, challenged.headers.get('www-authenticate')]).toEqual([401, expect.stringMatching(/^Basic realm="queues"/)]);
    expect((await fetch(`${board}/api/queues`)).status).toBe(401);
    const basic = `Basic ${Buffer.from(`ops:${TEST_OPS_TOKEN}`).toString('base64')}`;
    expect((await fetch(`${board}/api/queues`, { headers: { authorization: `Basic ${Buffer.from('ops:wrong-token-of-24-chars!').toString('base64')}` } })).status).toBe(401);
    const page = await fetch(board, { headers: { authorization: basic } });
    expect([page.status, page.headers.get('content-type')]).toEqual([200, expect.stringContaining('text/html')]);
    const api = await fetch(`${board}/api/queues`, { headers: { authorization: `Bearer ${TEST_OPS_TOKEN}` } });
    expect(api.status).toBe(200);
    const names = ((await api.json()) as { queues: Array<{ name: string }> }).queues.map((queue) => queue.name);
    expect(names).toEqual(expect.arrayContaining(['{delivery-service.requests}', '{webhook-dispatcher.attempts}', '{payment-service.requests}']));
  });
});
