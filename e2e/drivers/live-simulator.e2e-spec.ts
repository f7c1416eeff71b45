import { join } from 'node:path';
import { PaymentFlow, repoRoot, TEST_OPS_TOKEN, TestSystem, waitFor } from '@sdd/testing';

type Simulator = typeof import('../../tools/drivers/simulator');
const { seedDrivers, simulateDrivers } = require(join(repoRoot(), 'tools/drivers/simulator')) as Simulator;

/** The full live path with the driver simulator (`npm run drivers:simulate`): nobody touches the delivery but its drivers. */
describe('live mode end to end with simulated drivers', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let simulation: ReturnType<Simulator['simulateDrivers']> | undefined;

  beforeAll(async () => {
    await system.start({
      env: { RATE_LIMIT_PER_MINUTE: '100000', OPS_API_TOKEN: TEST_OPS_TOKEN, DISPATCH_INTERVAL_MS: '100', OFFER_TIMEOUT_MS: '3000', MONEY_MOVEMENT_INTERVAL_MS: '200' },
    });
  }, 90000);
  afterAll(async () => {
    await simulation?.stop();
    await system.stop();
  });

  it('takes a paid live delivery from checkout to delivered and transferred, with the event sequence live mode emits', async () => {
    const live = (await system.registerMerchant('Simulated Fleet Co')).live;
    await flow.connect(live);
    const quote = await system.request('POST', '/v1/quotes', {
      key: live,
      body: { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' },
    });
    const pickup = quote.body.pickup as { lat: number; lng: number };
    const drivers = await seedDrivers({ baseUrl: system.baseUrl, opsToken: TEST_OPS_TOKEN, count: 3, near: pickup });
    // A day's drive in seconds: 30 km/h sped up 2,000 times, a step every 100 ms.
    simulation = simulateDrivers(drivers, { baseUrl: system.baseUrl, timeFactor: 2000, tickMs: 100, log: () => undefined });

    const checkout = await flow.checkout(live, { quote_id: quote.body.id, items_subtotal: 5000 });
    await flow.payAsCustomer(live, 'live', checkout);
    const created = await system.request('POST', '/v1/deliveries', {
      key: live,
      body: { quote_id: quote.body.id, checkout_id: checkout.checkout_id, customer: { name: 'Ada', phone: '416 555 0142' } },
    });
    expect(created.status).toBe(201);
    const deliveryId = created.body.id as string;

    const types = await waitFor(
      async () => {
        const listed = await system.request('GET', `/v1/events?delivery_id=${deliveryId}`, { key: live });
        const found = (listed.body.data as Array<{ type: string }>).map((event) => event.type).reverse();
        return found.includes('delivery.delivered') ? found : undefined;
      },
      60_000,
      200,
    );
    expect(types).toEqual(['delivery.created', 'delivery.driver_assigned', 'delivery.picked_up', 'delivery.in_transit', 'delivery.delivered']);
    const delivered = await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live });
    expect(delivered.body).toMatchObject({ status: 'delivered', driver: { name: expect.stringMatching(/^Sim Driver/) } });
    const proof = await system.request('GET', `/v1/deliveries/${deliveryId}/proof`, { key: live });
    expect(proof.body).toMatchObject({ recipient_name: 'Ada', photos: [{ content_type: 'image/png', size: 70 }] });
    const photo = await fetch((proof.body.photos as Array<{ url: string }>)[0].url);
    expect([photo.status, photo.headers.get('content-type')]).toEqual([200, 'image/png']);
    const payout = await waitFor(
      async () => {
        const page = await system.request('GET', '/v1/payouts', { key: live });
        return (page.body.data as Array<Record<string, unknown>>).find((p) => p.delivery_id === deliveryId && p.status === 'paid');
      },
      30_000,
      200,
    );
    expect(payout.amount).toBe(4500);
    expect(simulation.completed()).toBe(1);
  });
});
