import { DeliveryEvent, ServiceName } from '@sdd/contracts';
import { Client } from 'pg';
import { STATEMENT_BATCHING } from '@sdd/persistence';
import { ApiResponse, testEnv, TestSystem, waitFor } from '@sdd/testing';
import { RecordingEventSubscriber } from './recording-event-subscriber';

/** 80 s of simulated timeline in 4 s. */
const SPEED = 40;

describe('test-mode timeline and outbox events (real processes, delayed jobs)', () => {
  const system = new TestSystem();
  let key: string;
  let liveKey: string;
  const subscriber = new RecordingEventSubscriber();

  const call = (method: string, path: string, body?: unknown, as = key) => system.request(method, path, { key: as, body });

  async function createDelivery(as = key, quoteExtras: Record<string, unknown> = {}): Promise<string> {
    const quote = await call(
      'POST',
      '/v1/quotes',
      { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9', ...quoteExtras },
      as,
    );
    const created = await call('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } }, as);
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  const statusOf = async (id: string) => (await call('GET', `/v1/deliveries/${id}`)).body.status as string;

  /** Events the outbox handed over for one delivery, as webhook-dispatcher (not running here) would receive them. */
  async function eventsOf(id: string): Promise<DeliveryEvent[]> {
    return subscriber.eventsOf(id);
  }

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery],
      // The race below holds a delivery's row until its advances wait on it: on a loaded machine longer than the gateway's 1.5 s.
      env: { RATE_LIMIT_PER_MINUTE: '100000', TIMELINE_SPEED: String(SPEED), BUS_TIMEOUT_MS: '10000' },
    });
    const keys = await system.registerMerchant('Timeline Co');
    key = keys.test;
    liveKey = keys.live;
    await subscriber.start(testEnv().redisUrl, system.prefix);
  }, 60000);

  afterAll(async () => {
    await subscriber.stop();
    await system.stop();
  });

  it('moves through the timeline in order and on time, one event per evented transition, in sequence', async () => {
    const started = Date.now();
    const id = await createDelivery();
    const seen: Array<{ status: string; at: number }> = [];
    await waitFor(
      async () => {
        const status = await statusOf(id);
        if (seen[seen.length - 1]?.status !== status) seen.push({ status, at: Date.now() - started });
        return status === 'delivered' ? true : undefined;
      },
      15000,
      20,
    );
    const order = ['created', 'pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered'];
    expect(seen.map((s) => s.status).every((s, i, all) => order.indexOf(s) > (i === 0 ? -1 : order.indexOf(all[i - 1])))).toBe(true);
    const deliveredAt = seen[seen.length - 1].at;
    expect(deliveredAt).toBeGreaterThanOrEqual(80_000 / SPEED - 100);
    expect(deliveredAt).toBeLessThan(80_000 / SPEED + 2000);

    const events = await waitFor(async () => {
      const list = await eventsOf(id);
      return list.length === 5 ? list : undefined;
    });
    expect(events.map((e) => [e.sequence, e.type])).toEqual([
      [1, 'delivery.created'],
      [2, 'delivery.driver_assigned'],
      [3, 'delivery.picked_up'],
      [4, 'delivery.in_transit'],
      [5, 'delivery.delivered'],
    ]);
    expect(events.map((e) => e.data.status)).toEqual(['created', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']);
    expect(events[4].data.delivered_at).toEqual(expect.any(String));
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
  });

  it('fires each step within tens of milliseconds of the time simulated_timeline gives it', async () => {
    const timelines = new Map<string, Array<{ status: string; at: string }>>();
    for (let i = 0; i < 8; i++) {
      const quote = await call('POST', '/v1/quotes', { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
      const created = await call('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
      expect(created.status).toBe(201);
      timelines.set(created.body.id as string, created.body.simulated_timeline as Array<{ status: string; at: string }>);
    }
    const lateness: number[] = [];
    for (const [id, timeline] of timelines) {
      const events = await waitFor(async () => {
        const list = await eventsOf(id);
        return list.length === 5 ? list : undefined;
      }, 15000);
      for (const event of events.slice(1)) {
        const step = timeline.find((s) => `delivery.${s.status}` === event.type);
        lateness.push(Date.parse(event.created_at) - Date.parse(step?.at ?? 'missing'));
      }
    }
    lateness.sort((a, b) => a - b);
    expect(lateness).toHaveLength(32);
    // Redis checks a blocked worker's timeout hz times a second: at its default 10 a step fired 0–100 ms late (median
    // 63 ms measured here), at the 100 the project sets ~10 ms. The median, not a tail: a busy machine stretches tails.
    expect(lateness[0]).toBeGreaterThanOrEqual(0);
    expect(lateness[lateness.length / 2]).toBeLessThanOrEqual(30);
  }, 30000);

  it('tracks the simulated driver along the route with a counting-down ETA', async () => {
    const id = await createDelivery();
    const delivery = (await call('GET', `/v1/deliveries/${id}`)).body as { pickup: { lat: number; lng: number }; dropoff: { lat: number; lng: number } };
    const first = (await call('GET', `/v1/deliveries/${id}/tracking`)).body;
    // Before a driver is assigned (the first step, to pending, may already have run on a loaded machine): no driver shown.
    expect(first).toMatchObject({ delivery_id: id, driver: null });
    expect(['created', 'pending']).toContain(first.status);
    const etas: number[] = [first.eta_minutes as number];
    const moving = await waitFor(
      async () => {
        const snapshot = (await call('GET', `/v1/deliveries/${id}/tracking`)).body;
        etas.push(snapshot.eta_minutes as number);
        return snapshot.status === 'in_transit' ? snapshot : undefined;
      },
      10000,
      50,
    );
    const driver = moving.driver as { name: string; phone: string; location: { lat: number; lng: number } };
    expect(driver).toMatchObject({ name: 'Sam Simulated', phone: '+15555550100' });
    const between = (value: number, a: number, b: number) => value >= Math.min(a, b) && value <= Math.max(a, b);
    expect(between(driver.location.lat, delivery.pickup.lat, delivery.dropoff.lat)).toBe(true);
    expect(between(driver.location.lng, delivery.pickup.lng, delivery.dropoff.lng)).toBe(true);
    expect(driver.location).not.toEqual({ lat: delivery.pickup.lat, lng: delivery.pickup.lng });
    await waitFor(async () => ((await statusOf(id)) === 'delivered' ? true : undefined), 10000, 50);
    const done = (await call('GET', `/v1/deliveries/${id}/tracking`)).body;
    expect(done.eta_minutes).toBe(0);
    expect((done.driver as typeof driver).location).toEqual({ lat: delivery.dropoff.lat, lng: delivery.dropoff.lng });
    expect(etas.every((eta, i) => i === 0 || eta <= etas[i - 1])).toBe(true);
    expect(etas[0]).toBeGreaterThan(0);
    expect((await call('GET', `/v1/deliveries/${id}/tracking`, undefined, liveKey)).status).toBe(404);
  }, 20000);

  it('stops the timeline of a cancelled delivery', async () => {
    const id = await createDelivery();
    expect((await call('POST', `/v1/deliveries/${id}/cancel`)).body.status).toBe('cancelled');
    await new Promise((resolve) => setTimeout(resolve, 80_000 / SPEED + 500));
    expect(await statusOf(id)).toBe('cancelled');
    const events = await waitFor(async () => {
      const list = await eventsOf(id);
      return list.length >= 2 ? list : undefined;
    });
    expect(events.map((e) => e.type)).toEqual(['delivery.created', 'delivery.cancelled']);
  }, 20000);

  it('refuses to cancel once a driver is on the way', async () => {
    const id = await createDelivery();
    await waitFor(async () => ((await statusOf(id)) === 'driver_assigned' ? true : undefined), 10000, 20);
    const refused = await call('POST', `/v1/deliveries/${id}/cancel`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'delivery_in_progress' });
    await waitFor(async () => ((await statusOf(id)) === 'delivered' ? true : undefined), 10000, 50);
    const terminal = await call('POST', `/v1/deliveries/${id}/cancel`);
    expect(terminal.status).toBe(409);
    expect(terminal.body.error).toMatchObject({ code: 'delivery_not_cancellable' });
  }, 30000);

  it('still reaches delivered when delivery-service restarts mid-timeline', async () => {
    const id = await createDelivery();
    // Its first step is due in 0.25 s; the deadline leaves room for a machine busy with another file's burst.
    await waitFor(async () => ((await statusOf(id)) === 'pending' ? true : undefined), 30000, 20);
    expect(await system.stopApp(ServiceName.Delivery)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await system.startApp(ServiceName.Delivery, { TIMELINE_SPEED: String(SPEED) });
    await waitFor(async () => ((await statusOf(id)) === 'delivered' ? true : undefined), 15000, 50);
    const events = await waitFor(async () => {
      const list = await eventsOf(id);
      return list.length === 5 ? list : undefined;
    });
    expect(events.map((e) => e.sequence)).toEqual([1, 2, 3, 4, 5]);
  }, 40000);

  it('writes each step once when transitions of one delivery race (compare-and-set, then the row lock)', async () => {
    const id = await createDelivery();
    // The row held: every advance reads the delivery as created, then waits to write it: in a compare-and-set
    // batch (at most STATEMENT_BATCHING.maxConcurrent in flight, the others queued behind them), or, one of a
    // batch's duplicates, under the row lock.
    const locker = new Client({ connectionString: testEnv().databaseUrl });
    const watcher = new Client({ connectionString: testEnv().databaseUrl });
    await Promise.all([locker.connect(), watcher.connect()]);
    let answers: ApiResponse[];
    try {
      await locker.query('BEGIN');
      await locker.query(`SELECT 1 FROM "${system.prefix}_deliveries".deliveries WHERE id = $1 FOR UPDATE`, [id]);
      const racing = Promise.all(Array.from({ length: 8 }, () => call('POST', `/v1/test_helpers/deliveries/${id}/advance`, { to: 'delivered' })));
      await waitFor(
        async () => {
          const { rows } = await watcher.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%' || $1 || '%'`, [
            `${system.prefix}_deliveries`,
          ]);
          return rows[0].n >= STATEMENT_BATCHING.maxConcurrent ? true : undefined;
        },
        8000,
        20,
      );
      await locker.query('COMMIT');
      answers = await racing;
    } finally {
      await Promise.all([locker.end(), watcher.end()]);
    }
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.body.error).toMatchObject({ code: 'delivery_transition_invalid' });
    const events = await waitFor(async () => {
      const list = await eventsOf(id);
      return list.length >= 5 ? list : undefined;
    });
    // The timeline's own steps, due meanwhile, find nothing left to do either.
    await new Promise((resolve) => setTimeout(resolve, 80_000 / SPEED + 300));
    expect((await eventsOf(id)).map((e) => [e.sequence, e.type])).toEqual([
      [1, 'delivery.created'],
      [2, 'delivery.driver_assigned'],
      [3, 'delivery.picked_up'],
      [4, 'delivery.in_transit'],
      [5, 'delivery.delivered'],
    ]);
    expect(events).toHaveLength(5);
  }, 20000);

  it('advances a test delivery on request, through the same transitions', async () => {
    // Scheduled a day ahead, so the timeline (pending 250 ms after a start now) cannot race the helper's steps.
    const id = await createDelivery(key, { scheduled_at: new Date(Date.now() + 86_400_000).toISOString() });
    const failed = await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, { to: 'failed' });
    expect(failed.status).toBe(409);
    expect(failed.body.error).toMatchObject({ code: 'delivery_transition_invalid' });
    expect((await call('POST', `/v1/test_helpers/deliveries/${id}/advance`)).body.status).toBe('pending');
    expect((await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, { to: 'driver_assigned' })).body.status).toBe('driver_assigned');
    const attempt = await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, { to: 'failed' });
    expect(attempt.status).toBe(200);
    expect(attempt.body.status).toBe('failed');
    expect(await statusOf(id)).toBe('failed');
    const events = await waitFor(async () => {
      const list = await eventsOf(id);
      return list.length >= 3 ? list : undefined;
    });
    expect(events.map((e) => e.type)).toEqual(['delivery.created', 'delivery.driver_assigned', 'delivery.failed']);
    const live = await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, undefined, liveKey);
    expect(live.status).toBe(404);
  }, 20000);
});
