import { ServiceName } from '@sdd/contracts';
import { verifyWebhook } from '@sdd/signing';
import { MerchantKeys, ReceivedWebhook, TestSystem, waitFor, WebhookReceiver } from '@sdd/testing';

/** 1 min, 10 min, 1 h become 100 ms, 1 s, 6 s. */
const RETRY_SPEED = 600;
/** The simulated timeline barely moves, so a delivery's events are the ones a test makes. */
const TIMELINE_SPEED = '0.001';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

type Envelope = { id: string; type: string; created_at: string; data: Record<string, unknown>; sequence: number };

describe('webhook dispatch (real HTTPS receiver, real processes)', () => {
  const system = new TestSystem();
  let receiver: WebhookReceiver;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  /** Requests that reached `path`, oldest first. */
  const at = (path: string): ReceivedWebhook[] => receiver.received.filter((request) => request.path === path);
  const envelopeOf = (request: ReceivedWebhook): Envelope => JSON.parse(request.rawBody) as Envelope;

  async function createDelivery(key: string): Promise<string> {
    const quote = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: DROPOFF });
    const created = await call('POST', '/v1/deliveries', key, { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  async function subscribe(key: string, path: string, events: string[] = ['*']): Promise<{ id: string; secret: string }> {
    const created = await call('POST', '/v1/webhooks', key, { url: receiver.url(path), events });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, secret: created.body.secret as string };
  }

  async function eventDetail(key: string, eventId: string) {
    const response = await call('GET', `/v1/events/${eventId}`, key);
    expect(response.status).toBe(200);
    return response.body as Envelope & { deliveries: Array<Record<string, unknown> & { attempts: Array<Record<string, unknown>> }> };
  }

  beforeAll(async () => {
    // /fail… always fails; /busy… is busy (503, Retry-After 5 min) the first time, then fine.
    const busyCalls = new Map<string, number>();
    receiver = await WebhookReceiver.start({
      reply: (request) => {
        if (request.path.startsWith('/fail')) return { status: 500 };
        if (!request.path.startsWith('/busy')) return { status: 200 };
        const calls = (busyCalls.get(request.path) ?? 0) + 1;
        busyCalls.set(request.path, calls);
        return calls === 1 ? { status: 503, headers: { 'Retry-After': '300' } } : { status: 204 };
      },
    });
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        TIMELINE_SPEED,
        WEBHOOK_RETRY_SPEED: String(RETRY_SPEED),
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
      },
    });
  }, 60000);

  afterAll(async () => {
    await system.stop();
    await receiver.close();
  });

  describe('delivery events', () => {
    let merchant: MerchantKeys;
    let all: { id: string; secret: string };
    let cancelledOnly: { id: string; secret: string };
    let deliveryId: string;

    beforeAll(async () => {
      merchant = await system.registerMerchant('Dispatch Co');
      all = await subscribe(merchant.test, '/all');
      cancelledOnly = await subscribe(merchant.test, '/cancelled', ['delivery.cancelled']);
      const disabled = await subscribe(merchant.test, '/disabled');
      expect((await call('PATCH', `/v1/webhooks/${disabled.id}`, merchant.test, { active: false })).body.active).toBe(false);
      await subscribe(merchant.live, '/live');
      const other = await system.registerMerchant('Someone Else');
      await subscribe(other.test, '/other');
      deliveryId = await createDelivery(merchant.test);
    });

    it('posts the envelope with the delivery as GET returns it, signed with the endpoint secret', async () => {
      await waitFor(() => (at('/all').length >= 1 ? true : undefined));
      const [request] = at('/all');
      expect(request.headers['content-type']).toBe('application/json');
      expect(verifyWebhook(request.rawBody, request.headers['service-signature'] as string, all.secret)).toEqual({ valid: true, timestamp: expect.any(Number) });
      expect(verifyWebhook(request.rawBody, request.headers['service-signature'] as string, cancelledOnly.secret).valid).toBe(false);

      const envelope = envelopeOf(request);
      expect(Object.keys(envelope)).toEqual(['id', 'type', 'created_at', 'data', 'sequence']);
      expect(envelope).toMatchObject({ id: expect.stringMatching(/^evt_/), type: 'delivery.created', sequence: 1 });
      const delivery = await call('GET', `/v1/deliveries/${deliveryId}`, merchant.test);
      expect(envelope.data).toEqual(delivery.body);
    });

    it('sends each endpoint only the types it subscribed to, and nothing to disabled, live or other merchants’ endpoints', async () => {
      expect((await call('POST', `/v1/deliveries/${deliveryId}/cancel`, merchant.test)).status).toBe(200);
      await waitFor(() => (at('/cancelled').length >= 1 && at('/all').length >= 2 ? true : undefined));
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(at('/all').map((request) => envelopeOf(request).type)).toEqual(['delivery.created', 'delivery.cancelled']);
      expect(at('/cancelled').map((request) => envelopeOf(request).type)).toEqual(['delivery.cancelled']);
      expect(verifyWebhook(at('/cancelled')[0].rawBody, at('/cancelled')[0].headers['service-signature'] as string, cancelledOnly.secret).valid).toBe(true);
      expect(at('/disabled')).toHaveLength(0);
      expect(at('/live')).toHaveLength(0);
      expect(at('/other')).toHaveLength(0);
    });

    it('logs the events with their attempts, filterable by delivery and type', async () => {
      const listed = await call('GET', `/v1/events?delivery_id=${deliveryId}`, merchant.test);
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual(at('/all').map(envelopeOf).reverse());
      expect(listed.body).toMatchObject({ has_more: false, next_cursor: null });

      const cancelled = await call('GET', `/v1/events?type=delivery.cancelled&delivery_id=${deliveryId}`, merchant.test);
      expect((cancelled.body.data as Envelope[]).map((event) => event.type)).toEqual(['delivery.cancelled']);

      const detail = await eventDetail(merchant.test, (cancelled.body.data as Envelope[])[0].id);
      expect(detail.deliveries).toHaveLength(2);
      for (const delivery of detail.deliveries) {
        expect(delivery).toMatchObject({ status: 'succeeded', attempt_count: 1, next_attempt_at: null });
        expect(delivery.attempts).toEqual([
          {
            id: expect.stringMatching(/^att_/),
            event_id: detail.id,
            webhook_id: delivery.webhook_id,
            number: 1,
            trigger: 'automatic',
            succeeded: true,
            status_code: 200,
            duration_ms: expect.any(Number),
            error: null,
            response_body_excerpt: expect.any(String),
            next_retry_at: null,
            created_at: expect.any(String),
          },
        ]);
      }
      expect(detail.deliveries.map((delivery) => delivery.webhook_id).sort()).toEqual([all.id, cancelledOnly.id].sort());
    });

    it('keeps the log per merchant and mode', async () => {
      const listed = await call('GET', `/v1/events?delivery_id=${deliveryId}`, merchant.test);
      const eventId = (listed.body.data as Envelope[])[0].id;
      expect((await call('GET', `/v1/events/${eventId}`, merchant.live)).status).toBe(404);
      const other = await system.registerMerchant('Snoop');
      expect((await call('GET', `/v1/events/${eventId}`, other.test)).status).toBe(404);
      expect((await call('GET', `/v1/events?delivery_id=${deliveryId}`, other.test)).body.data).toEqual([]);
      expect((await call('POST', `/v1/events/${eventId}/resend`, other.test, { webhook_id: all.id })).status).toBe(404);
    });

    it('pages the log with a cursor and refuses bad filters', async () => {
      const first = await call('GET', '/v1/events?limit=1', merchant.test);
      expect(first.body).toMatchObject({ has_more: true, next_cursor: expect.any(String) });
      const second = await call('GET', `/v1/events?limit=1&starting_after=${first.body.next_cursor}`, merchant.test);
      expect((second.body.data as Envelope[])[0].id).not.toBe((first.body.data as Envelope[])[0].id);
      for (const [query, param] of [
        ['limit=0', 'limit'],
        ['type=delivery.lost', 'type'],
        ['delivery_id=qt_1', 'delivery_id'],
        ['cursor=nope', 'cursor'],
      ]) {
        const response = await call('GET', `/v1/events?${query}`, merchant.test);
        expect(response.status).toBe(400);
        expect(response.body.error).toMatchObject({ type: 'invalid_request_error', param });
      }
      expect((await call('GET', '/v1/events/evt_missing', merchant.test)).status).toBe(404);
    });

    it('numbers a delivery’s events 1, 2, 3… in transition order, in the webhook body and in the event log', async () => {
      const id = await createDelivery(merchant.test);
      // One call walks the whole flow: the events are written in one go and sent concurrently.
      expect((await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, merchant.test, { to: 'delivered' })).status).toBe(200);
      const inOrder = ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered'];
      const received = await waitFor(() => {
        const mine = at('/all')
          .map(envelopeOf)
          .filter((event) => event.data.id === id);
        return mine.length >= inOrder.length ? mine : undefined;
      });
      const bySequence = (events: Envelope[]) => [...events].sort((x, y) => x.sequence - y.sequence);
      expect(bySequence(received).map((event) => [event.sequence, event.type])).toEqual(inOrder.map((type, i) => [i + 1, type]));

      const listed = await call('GET', `/v1/events?delivery_id=${id}`, merchant.test);
      const logged = listed.body.data as Envelope[];
      expect(bySequence(logged)).toEqual(bySequence(received));
      for (const event of logged) expect((await eventDetail(merchant.test, event.id)).sequence).toBe(event.sequence);
    });

    it('adds delivered_at to delivery.delivered', async () => {
      const id = await createDelivery(merchant.test);
      expect((await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, merchant.test, { to: 'delivered' })).status).toBe(200);
      const delivered = await waitFor(() =>
        at('/all')
          .map(envelopeOf)
          .find((event) => event.type === 'delivery.delivered' && event.data.id === id),
      );
      expect(delivered.data).toMatchObject({ id, status: 'delivered', delivered_at: expect.any(String) });
    });
  });

  describe('retries', () => {
    it('retries a failing endpoint after 1 min, 10 min and 1 h (scaled), with the same body, then marks it failed', async () => {
      const merchant = await system.registerMerchant('Failing Co');
      const endpoint = await subscribe(merchant.test, '/fail/retries', ['delivery.created']);
      await createDelivery(merchant.test);
      await waitFor(() => (at('/fail/retries').length === 4 ? true : undefined), 20000, 20);

      const attempts = at('/fail/retries');
      const offsets = attempts.map((request) => request.receivedAt - attempts[0].receivedAt);
      const expected = [0, 100, 1100, 7100];
      // A retry is timed from its attempt's start, which may reach the receiver late on a loaded machine:
      // the lower bound allows for that delivery latency, not for an early retry.
      offsets.forEach((offset, i) => {
        expect(offset).toBeGreaterThanOrEqual(expected[i] - 60);
        expect(offset).toBeLessThan(expected[i] + 1000);
      });
      expect(new Set(attempts.map((request) => request.rawBody)).size).toBe(1);
      for (const request of attempts) expect(verifyWebhook(request.rawBody, request.headers['service-signature'] as string, endpoint.secret).valid).toBe(true);

      const eventId = envelopeOf(attempts[0]).id;
      const detail = await waitFor(async () => {
        const event = await eventDetail(merchant.test, eventId);
        return event.deliveries[0]?.status === 'failed' ? event : undefined;
      });
      const [delivery] = detail.deliveries;
      expect(delivery).toMatchObject({ webhook_id: endpoint.id, attempt_count: 4, next_attempt_at: null });
      expect(delivery.attempts.map((attempt) => [attempt.number, attempt.status_code, attempt.succeeded])).toEqual([
        [1, 500, false],
        [2, 500, false],
        [3, 500, false],
        [4, 500, false],
      ]);
      expect(delivery.attempts.slice(0, 3).every((attempt) => typeof attempt.next_retry_at === 'string')).toBe(true);
      expect(delivery.attempts[3].next_retry_at).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(at('/fail/retries')).toHaveLength(4);
    }, 30000);

    it('waits as long as Retry-After asks, within the schedule, and stops once it succeeds', async () => {
      const merchant = await system.registerMerchant('Busy Co');
      await subscribe(merchant.test, '/busy', ['delivery.created']);
      await createDelivery(merchant.test);
      await waitFor(() => (at('/busy').length === 2 ? true : undefined), 10000, 20);
      const [first, second] = at('/busy');
      // 5 min at speed 600 = 500 ms, instead of the schedule's 100 ms.
      expect(second.receivedAt - first.receivedAt).toBeGreaterThanOrEqual(480);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(at('/busy')).toHaveLength(2);
      const detail = await eventDetail(merchant.test, envelopeOf(first).id);
      expect(detail.deliveries[0]).toMatchObject({ status: 'succeeded', attempt_count: 2 });
      expect(detail.deliveries[0].attempts.map((attempt) => attempt.status_code)).toEqual([503, 204]);
    });
  });

  describe('auto-disable', () => {
    it('keeps an endpoint whose attempts all fail within seconds active (only a day of failures disables it), showing when they began', async () => {
      const merchant = await system.registerMerchant('Broken Co');
      const endpoint = await subscribe(merchant.test, '/fail/disable', ['delivery.created']);
      for (let i = 0; i < 5; i += 1) await createDelivery(merchant.test);
      // More than the 10 attempts, all failed, that once disabled it at once.
      await waitFor(() => (at('/fail/disable').length >= 15 ? true : undefined), 15000);
      const listed = await call('GET', '/v1/webhooks', merchant.test);
      const found = (listed.body.data as Array<Record<string, unknown>>).find((webhook) => webhook.id === endpoint.id);
      expect(found).toMatchObject({ active: true, disabled_at: null, disabled_reason: null });
      expect(Date.parse(found?.failing_since as string)).toBeLessThanOrEqual(Date.now());

      const disabled = await call('PATCH', `/v1/webhooks/${endpoint.id}`, merchant.test, { active: false });
      expect(disabled.body).toMatchObject({ active: false, disabled_reason: 'merchant' });
      expect(disabled.body.disabled_at).not.toBeNull();
      const reenabled = await call('PATCH', `/v1/webhooks/${endpoint.id}`, merchant.test, { active: true });
      // Re-enabled, it starts afresh: the failures from before no longer count.
      expect(reenabled.body).toMatchObject({ active: true, failing_since: null, disabled_at: null, disabled_reason: null });
    }, 40000);
  });

  describe('test and resend', () => {
    let merchant: MerchantKeys;

    beforeAll(async () => {
      merchant = await system.registerMerchant('Tools Co');
    });

    it('sends a signed webhook.test event now and returns the attempt', async () => {
      const endpoint = await subscribe(merchant.test, '/tools/ok', ['delivery.delivered']);
      const response = await call('POST', `/v1/webhooks/${endpoint.id}/test`, merchant.test);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: expect.stringMatching(/^att_/),
        event_id: expect.stringMatching(/^evt_/),
        webhook_id: endpoint.id,
        number: null,
        trigger: 'test',
        succeeded: true,
        status_code: 200,
        error: null,
      });
      const [request] = at('/tools/ok');
      // Not a delivery's event: it comes before any of them.
      expect(envelopeOf(request)).toMatchObject({ id: response.body.event_id, type: 'webhook.test', data: { webhook_id: endpoint.id }, sequence: 0 });
      expect(verifyWebhook(request.rawBody, request.headers['service-signature'] as string, endpoint.secret).valid).toBe(true);
      const listed = await call('GET', '/v1/events?type=webhook.test', merchant.test);
      expect(listed.body.data).toEqual([envelopeOf(request)]);
    });

    it('reports a failing test attempt without retrying it', async () => {
      const endpoint = await subscribe(merchant.test, '/fail/tools', ['delivery.delivered']);
      const response = await call('POST', `/v1/webhooks/${endpoint.id}/test`, merchant.test);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ succeeded: false, status_code: 500, trigger: 'test' });
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(at('/fail/tools')).toHaveLength(1);
      expect((await call('POST', '/v1/webhooks/wh_missing/test', merchant.test)).status).toBe(404);
    });

    it('resends an event that failed, with the same body, and settles it', async () => {
      const failing = await subscribe(merchant.test, '/fail/resend', ['delivery.created']);
      const healthy = await subscribe(merchant.test, '/tools/resend', ['delivery.cancelled']);
      await createDelivery(merchant.test);
      const first = await waitFor(() => at('/fail/resend')[0]);
      const eventId = envelopeOf(first).id;

      const resent = await call('POST', `/v1/events/${eventId}/resend`, merchant.test, { webhook_id: healthy.id });
      expect(resent.status).toBe(200);
      expect(resent.body).toMatchObject({ event_id: eventId, webhook_id: healthy.id, trigger: 'resend', succeeded: true, status_code: 200 });
      const [request] = at('/tools/resend');
      expect(request.rawBody).toBe(first.rawBody);
      expect(verifyWebhook(request.rawBody, request.headers['service-signature'] as string, healthy.secret).valid).toBe(true);

      const detail = await eventDetail(merchant.test, eventId);
      const toHealthy = detail.deliveries.find((delivery) => delivery.webhook_id === healthy.id);
      expect(toHealthy).toMatchObject({ status: 'succeeded', attempt_count: 0 });
      expect(detail.deliveries.find((delivery) => delivery.webhook_id === failing.id)?.attempts[0]).toMatchObject({ number: 1, status_code: 500 });
    });

    it('validates a resend', async () => {
      const endpoint = await subscribe(merchant.test, '/tools/validate', ['delivery.created']);
      const listed = await call('GET', '/v1/events?limit=1', merchant.test);
      const eventId = (listed.body.data as Envelope[])[0].id;
      const missing = await call('POST', `/v1/events/${eventId}/resend`, merchant.test, {});
      expect(missing.status).toBe(400);
      expect(missing.body.error).toMatchObject({ param: 'webhook_id' });
      const unknown = await call('POST', `/v1/events/${eventId}/resend`, merchant.test, { webhook_id: 'wh_nope' });
      expect(unknown.status).toBe(404);
      expect(unknown.body.error).toMatchObject({ param: 'webhook_id' });
      expect((await call('POST', '/v1/events/evt_nope/resend', merchant.test, { webhook_id: endpoint.id })).status).toBe(404);
      const otherMode = await call('POST', `/v1/events/${eventId}/resend`, merchant.live, { webhook_id: endpoint.id });
      expect(otherMode.status).toBe(404);
    });
  });
});
