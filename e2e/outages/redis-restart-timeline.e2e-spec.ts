import { ServiceName } from '@sdd/contracts';
import { OwnRedis, startOwnRedis, TestSystem, waitFor } from '@sdd/testing';

/**
 * A Redis of its own (appendonly, as `npm start` runs it), stopped and started
 * again mid-timeline: the delayed timeline jobs must survive it.
 */
describe('test timeline across a Redis restart', () => {
  const system = new TestSystem();
  let redis: OwnRedis;
  let key: string;

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key, body });

  beforeAll(async () => {
    redis = await startOwnRedis('redis-restart');
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery],
      env: { REDIS_URL: redis.url, TIMELINE_SPEED: '10' },
    });
    key = (await system.registerMerchant('Redis Restart Co')).test;
  }, 90000);

  afterAll(async () => {
    await system.stop();
    await redis?.dispose();
  });

  it('still reaches delivered', async () => {
    const quote = await call('POST', '/v1/quotes', { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
    const created = await call('POST', '/v1/deliveries', { quote_id: quote.body.id, customer: { name: 'Sam', phone: '416 555 0142' } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await waitFor(async () => ((await call('GET', `/v1/deliveries/${id}`)).body.status === 'pending' ? true : undefined), 10000, 50);

    await redis.stop();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await redis.start();

    const delivered = await waitFor(
      async () => {
        const response = await call('GET', `/v1/deliveries/${id}`).catch(() => undefined);
        return response?.body.status === 'delivered' ? response : undefined;
      },
      30000,
      200,
    );
    expect(delivered.body.status).toBe('delivered');
  }, 60000);
});
