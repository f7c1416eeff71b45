import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { Fleet, metricValue, MerchantKeys, TEST_OPS_TOKEN, testEnv, TestSystem, waitFor, WebhookReceiver } from '@sdd/testing';

/** Retention in seconds so a test sees rows age out; purges every 300 ms. */
const RETENTION_SECONDS = 12;
/** The second delivery comes this long after the first: still within its retention when the first one's rows go. */
const GAP_MS = 5_000;
const EVENTS_PER_DELIVERY = 5;

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

type Event = { id: string; type: string };

/**
 * Issue 30 item 5: the tables that grow with every delivery but are not its
 * record are bounded: past their retention, webhook events (with their
 * destinations and attempts), outbox events, sent notifications and
 * answered offers of finished deliveries, and (issue 34) request log entries
 * past REQUEST_LOG_RETENTION_SECONDS are purged, while fresh rows, events
 * still failing within the recover window, outbox events a subscriber has not
 * acknowledged, pending notifications, open offers and the deliveries
 * themselves stay.
 */
describe('retention: rows past it are purged, fresh and still-needed ones kept', () => {
  const system = new TestSystem();
  const pg = new Client({ connectionString: testEnv().databaseUrl });
  let receiver: WebhookReceiver;
  let answered: MerchantKeys;
  let failing: MerchantKeys;

  const deliveries = () => `"${system.prefix}_deliveries"`;
  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  async function createDelivery(key: string): Promise<{ id: string; at: number }> {
    const quote = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: DROPOFF });
    const created = await call('POST', '/v1/deliveries', key, { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, at: Date.now() };
  }

  async function eventsOf(key: string, deliveryId: string): Promise<Event[]> {
    const listed = await call('GET', `/v1/events?limit=100&delivery_id=${deliveryId}`, key);
    expect(listed.status).toBe(200);
    return listed.body.data as Event[];
  }

  const allEventsListed = async (key: string, deliveryId: string) => {
    const events = await eventsOf(key, deliveryId);
    return events.length === EVENTS_PER_DELIVERY ? events : undefined;
  };

  async function outboxEventsOf(deliveryId: string): Promise<string[]> {
    const { rows } = await pg.query(`SELECT type FROM ${deliveries()}.outbox_events WHERE delivery_id = $1 ORDER BY sequence`, [deliveryId]);
    return rows.map((row) => row.type as string);
  }

  const purgedRows = async (app: ServiceName, table: string) =>
    metricValue(await (await fetch(`${system.opsUrlOf(app)}/metrics`)).text(), 'sdd_retention_purged_rows_total', { table }) ?? 0;

  beforeAll(async () => {
    receiver = await WebhookReceiver.start({ reply: (request) => ({ status: request.path === '/down' ? 500 : 200 }) });
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        // The whole test timeline (five events) in about 4 s; the four attempts to a failing endpoint within a second.
        TIMELINE_SPEED: '20',
        WEBHOOK_RETRY_SPEED: '6000',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
        WEBHOOK_EVENT_RETENTION_SECONDS: String(RETENTION_SECONDS),
        OUTBOX_RETENTION_SECONDS: String(RETENTION_SECONDS),
        NOTIFICATION_RETENTION_SECONDS: String(RETENTION_SECONDS),
        OFFER_RETENTION_SECONDS: String(RETENTION_SECONDS),
        RETENTION_PURGE_INTERVAL_MS: '300',
        REQUEST_LOG_RETENTION_SECONDS: String(RETENTION_SECONDS),
        REQUEST_LOG_PURGE_INTERVAL_MS: '300',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
      },
    });
    await pg.connect();
    answered = await system.registerMerchant('Retention Answered Co');
    failing = await system.registerMerchant('Retention Failing Co');
    for (const [merchant, path] of [
      [answered, '/up'],
      [failing, '/down'],
    ] as const) {
      const endpoint = await call('POST', '/v1/webhooks', merchant.test, { url: receiver.url(path), events: ['*'] });
      expect(endpoint.status).toBe(201);
    }
  }, 90_000);

  afterAll(async () => {
    await pg.end();
    await system.stop();
    await receiver.close();
  });

  it('purges events, their attempts and outbox rows past the retention; keeps fresh ones, failures within the recover window and the deliveries', async () => {
    const old = await createDelivery(answered.test);
    const failed = await createDelivery(failing.test);
    const oldEvents = await waitFor(() => allEventsListed(answered.test, old.id), 30_000, 200);
    // Its first event (the list is newest first) was fanned out to the failing endpoint before anything could disable it.
    const failedEvent = (await waitFor(() => allEventsListed(failing.test, failed.id), 30_000, 200)).at(-1) as Event;
    expect(failedEvent.type).toBe('delivery.created');
    // Every attempt to the failing endpoint used: its destination failed for good (recover may still send it).
    await waitFor(
      async () => {
        const event = await call('GET', `/v1/events/${failedEvent.id}`, failing.test);
        if (event.status !== 200) throw new Error(`GET event: ${event.status} ${JSON.stringify(event.body)}`);
        return (event.body.deliveries as Array<{ status: string }>)[0]?.status === 'failed' ? true : undefined;
      },
      30_000,
      200,
    );

    await waitFor(() => (Date.now() >= old.at + GAP_MS ? true : undefined), GAP_MS + 1000, 100);
    const fresh = await createDelivery(answered.test);
    await waitFor(() => allEventsListed(answered.test, fresh.id), 30_000, 200);
    expect(Date.now() - fresh.at).toBeLessThan(RETENTION_SECONDS * 1000 - GAP_MS);

    // The old delivery's events go once past the retention; the fresh one's, created GAP_MS later, are still there.
    await waitFor(async () => ((await eventsOf(answered.test, old.id)).length === 0 ? true : undefined), 60_000, 200);
    expect(await eventsOf(answered.test, fresh.id)).toHaveLength(EVENTS_PER_DELIVERY);
    expect((await call('GET', `/v1/events/${oldEvents[0].id}`, answered.test)).status).toBe(404);
    const rowsOf = async (table: string, eventIds: string[]) =>
      (await pg.query(`SELECT count(*)::int AS n FROM "${system.prefix}_webhooks".${table} WHERE event_id = ANY($1)`, [eventIds])).rows[0].n as number;
    const oldIds = oldEvents.map((event) => event.id);
    expect([await rowsOf('message_destinations', oldIds), await rowsOf('attempts', oldIds)]).toEqual([0, 0]);
    // Older than the retention too, but failed within the 7 days recover allows: kept, and recoverable.
    expect((await eventsOf(failing.test, failed.id)).map((event) => event.id)).toContain(failedEvent.id);
    expect((await call('GET', `/v1/events/${failedEvent.id}`, failing.test)).status).toBe(200);
    expect(await purgedRows(ServiceName.Webhook, 'events')).toBeGreaterThanOrEqual(EVENTS_PER_DELIVERY);

    // The outbox hands events over and keeps them no longer than its retention, except one a subscriber has not
    // acknowledged: payment-service (not running here) takes delivery.delivered. The delivery is the record.
    await waitFor(async () => ((await outboxEventsOf(old.id)).length === 1 ? true : undefined), 30_000, 200);
    expect(await outboxEventsOf(old.id)).toEqual(['delivery.delivered']);
    expect(await outboxEventsOf(fresh.id)).toHaveLength(EVENTS_PER_DELIVERY);
    expect(await purgedRows(ServiceName.Delivery, 'outbox_events')).toBeGreaterThanOrEqual(EVENTS_PER_DELIVERY - 1);
    const delivery = await call('GET', `/v1/deliveries/${old.id}`, answered.test);
    expect([delivery.status, delivery.body.status]).toEqual([200, 'delivered']);
  }, 150_000);

  it('purges sent notifications past the retention and keeps one still waiting to be sent', async () => {
    const { id: deliveryId } = await createDelivery(answered.test);
    const insert = (id: string, step: string, status: string) =>
      pg.query(
        `INSERT INTO ${deliveries()}.notifications (id, delivery_id, step, recipient, subject, body, status, next_attempt_at, created_at)
         VALUES ($1, $2, $3, 'sam@example.com', 's', 'b', $4, now() + interval '1 day', now() - interval '1 hour')`,
        [id, deliveryId, step, status],
      );
    const ids = [`ntf_pending_${deliveryId}`, `ntf_sent_${deliveryId}`];
    await insert(ids[0], 'retention_pending', 'pending');
    await insert(ids[1], 'retention_sent', 'sent');
    const remaining = async () => (await pg.query(`SELECT id FROM ${deliveries()}.notifications WHERE id = ANY($1) ORDER BY id`, [ids])).rows.map((row) => row.id as string);

    await waitFor(async () => ((await remaining()).includes(ids[1]) ? undefined : true), 30_000, 200);
    expect(await remaining()).toEqual([ids[0]]);
  }, 60_000);

  it('purges answered offers of a finished delivery past the retention and keeps an open one', async () => {
    const { id: deliveryId } = await createDelivery(answered.test);
    await waitFor(async () => ((await call('GET', `/v1/deliveries/${deliveryId}`, answered.test)).body.status === 'delivered' ? true : undefined), 30_000, 200);
    // A driver made by the operator and never online, so the dispatcher leaves it alone; offers written as dispatch writes them, an hour old.
    const driver = await new Fleet(system).ops('POST', '/v1/ops/drivers', { name: 'Retention Driver', phone: '+1 416 555 0177', vehicle: 'car', home_province: 'ON' });
    expect(driver.status).toBe(201);
    const driverId = (driver.body.driver as { id: string }).id;
    const ids = [`ofr_declined_${deliveryId}`, `ofr_open_${deliveryId}`];
    for (const [id, status] of [
      [ids[0], 'declined'],
      [ids[1], 'open'],
    ]) {
      await pg.query(
        `INSERT INTO ${deliveries()}.offers (id, delivery_id, driver_id, status, distance_km, expires_at, created_at)
         VALUES ($1, $2, $3, $4, 1, now() + interval '1 day', now() - interval '1 hour')`,
        [id, deliveryId, driverId, status],
      );
    }
    const remaining = async () => (await pg.query(`SELECT id FROM ${deliveries()}.offers WHERE id = ANY($1) ORDER BY id`, [ids])).rows.map((row) => row.id as string);

    await waitFor(async () => ((await remaining()).includes(ids[0]) ? undefined : true), 30_000, 200);
    expect(await remaining()).toEqual([ids[1]]);
  }, 60_000);

  it('purges request log entries past REQUEST_LOG_RETENTION_SECONDS and keeps fresh ones', async () => {
    const run = `retention_${Date.now()}`;
    const requestAt = async (name: string) => {
      const response = await fetch(`${system.baseUrl}/v1/deliveries?limit=1`, { headers: { authorization: `Bearer ${answered.test}`, 'x-request-id': `${run}_${name}` } });
      expect(response.status).toBe(200);
      return Date.now();
    };
    const listed = async (name: string) => {
      const page = await call('GET', `/v1/request_logs?request_id=${run}_${name}`, answered.test);
      expect(page.status).toBe(200);
      return (page.body.data as unknown[]).length;
    };
    const oldAt = await requestAt('old');
    await waitFor(async () => ((await listed('old')) === 1 ? true : undefined), 10_000, 100);
    await waitFor(() => (Date.now() >= oldAt + GAP_MS ? true : undefined), GAP_MS + 1000, 100);
    const freshAt = await requestAt('fresh');
    await waitFor(async () => ((await listed('fresh')) === 1 ? true : undefined), 10_000, 100);

    await waitFor(async () => ((await listed('old')) === 0 ? true : undefined), 30_000, 200);
    expect(await listed('fresh')).toBe(1);
    expect(Date.now() - freshAt).toBeLessThan(RETENTION_SECONDS * 1000);
    expect(await purgedRows(ServiceName.Gateway, 'request_logs')).toBeGreaterThanOrEqual(1);
  }, 60_000);
});
