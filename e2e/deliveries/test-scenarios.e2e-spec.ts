import { ServiceName } from '@sdd/contracts';
import { TestSystem, waitFor } from '@sdd/testing';

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

describe('test scenarios: failure paths with the events live mode would emit', () => {
  const system = new TestSystem();
  let keys: { test: string; live: string };

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  async function create(key: string, extra: Record<string, unknown>) {
    const quote = await call('POST', '/v1/quotes', key, { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
    return call('POST', '/v1/deliveries', key, { quote_id: quote.body.id, customer, ...extra });
  }

  /** The event types of a delivery once it reached `terminal`, in sequence order. */
  async function eventsUntil(deliveryId: string, terminal: string): Promise<string[]> {
    return waitFor(
      async () => {
        const listed = await call('GET', `/v1/events?delivery_id=${deliveryId}`, keys.test);
        // In delivery order: two events of one transition share their instant.
        const types = (listed.body.data as Array<{ type: string; sequence: number }>).sort((a, b) => a.sequence - b.sequence).map((event) => event.type);
        return types.includes(terminal) ? types : undefined;
      },
      20_000,
      100,
    );
  }

  beforeAll(async () => {
    // 140 s of the slowest scenario in 1.4 s.
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Webhook],
      env: { RATE_LIMIT_PER_MINUTE: '100000', TIMELINE_SPEED: '100' },
    });
    keys = await system.registerMerchant('Scenario Co');
  }, 60000);
  afterAll(() => system.stop());

  it.each([
    ['driver_no_show', 'delivery.delivered', ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered']],
    ['slow_pickup', 'delivery.delivered', ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered']],
    ['recipient_unavailable', 'delivery.failed', ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.failed']],
    ['id_check_failed', 'delivery.failed', ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.failed']],
    ['return_to_pickup', 'delivery.returned', ['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.returned']],
    [
      'reroute_declined',
      'delivery.delivered',
      ['delivery.created', 'delivery.driver_assigned', 'delivery.reroute_declined', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered'],
    ],
  ])('%s plays its path and ends with %s', async (scenario, terminal, expected) => {
    const created = await create(keys.test, { test_scenario: scenario });
    expect(created.status).toBe(201);
    const timeline = created.body.simulated_timeline as Array<{ status: string }>;
    expect(timeline[timeline.length - 1].status).toBe(terminal.replace('delivery.', ''));
    expect(await eventsUntil(created.body.id as string, terminal)).toEqual(expected);
    expect((await call('GET', `/v1/deliveries/${created.body.id as string}`, keys.test)).body.status).toBe(terminal.replace('delivery.', ''));
  });

  it('takes a delivered driver_no_show later than the plain timeline says', async () => {
    const plain = await create(keys.test, {});
    const noShow = await create(keys.test, { test_scenario: 'driver_no_show' });
    const assignedAt = (body: Record<string, unknown>) =>
      Date.parse((body.simulated_timeline as Array<{ status: string; at: string }>).find((step) => step.status === 'driver_assigned')?.at ?? '') -
      Date.parse(body.created_at as string);
    expect(assignedAt(noShow.body)).toBeGreaterThan(assignedAt(plain.body));
  });

  it('refuses unknown scenarios and scenarios on live keys, naming test_scenario', async () => {
    for (const [key, scenario] of [
      [keys.test, 'meteor_strike'],
      [keys.live, 'recipient_unavailable'],
      [keys.test, 42],
    ] as const) {
      const refused = await create(key, { test_scenario: scenario });
      expect([refused.status, refused.body.error?.param]).toEqual([400, 'test_scenario']);
    }
  });
});
