import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { Client } from 'pg';
import type { BusRequest } from '@sdd/bus';
import { BusQueue, ServiceName } from '@sdd/contracts';
import { testEnv, TestSystem, waitFor } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };
const LEASE_MS = 2_000;

interface Posted {
  status: number;
  headers: Headers;
  text: string;
}

/**
 * Idempotency-Key when things break: the gateway killed mid-request, the
 * response not stored, the API key rolled, records past 24 hours.
 */
describe('Idempotency-Key recovery (gateway killed, response not stored, key rolled, purge)', () => {
  const system = new TestSystem();
  const pg = new Client({ connectionString: testEnv().databaseUrl });
  const redis = new Redis(testEnv().redisUrl);
  let deliveryRequests: Queue;
  let key: string;

  const gateway = () => `"${system.prefix}_gateway"`;
  const deliveries = () => `"${system.prefix}_deliveries"`;

  async function post(apiKey: string, body: unknown, idempotencyKey: string): Promise<Posted> {
    const response = await fetch(`${system.baseUrl}/v1/deliveries`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }

  /** Retries as a merchant would while the key is busy (409, Retry-After: 1) or the system is coming back (503). */
  function retryUntilSettled(apiKey: string, body: unknown, idempotencyKey: string): Promise<Posted> {
    return waitFor(
      async () => {
        const response = await post(apiKey, body, idempotencyKey).catch(() => undefined);
        return response && response.status !== 409 && response.status !== 503 ? response : undefined;
      },
      30_000,
      250,
    );
  }

  async function quoteId(apiKey = key): Promise<string> {
    const response = await system.request('POST', '/v1/quotes', { key: apiKey, body: { pickup_address: PICKUP, dropoff_address: DROPOFF } });
    expect(response.status).toBe(200);
    return response.body.id as string;
  }

  async function deliveriesOf(quote: string): Promise<Array<{ id: string; idempotency_key: string | null }>> {
    const { rows } = await pg.query(`SELECT id, idempotency_key FROM ${deliveries()}.deliveries WHERE quote_id = $1`, [quote]);
    return rows;
  }

  async function listedWith(apiKey: string, externalReference: string): Promise<string[]> {
    const list = await system.request('GET', '/v1/deliveries?limit=100', { key: apiKey });
    expect(list.status).toBe(200);
    return (list.body.data as Array<{ id: string; external_reference: string | null }>).filter((d) => d.external_reference === externalReference).map((d) => d.id);
  }

  /** The gateway is killed with the request on the bus: delivery-service is down, so the request waits in its queue. */
  async function killGatewayMidRequest(body: unknown, idempotencyKey: string): Promise<void> {
    await system.stopApp(ServiceName.Delivery);
    const first = post(key, body, idempotencyKey).catch(() => undefined);
    await waitFor(async () => ((await deliveryRequests.count()) > 0 ? true : undefined), 10_000);
    const { rows } = await pg.query(`SELECT response_status FROM ${gateway()}.idempotency_keys WHERE key = $1`, [idempotencyKey]);
    expect(rows).toEqual([{ response_status: null }]);
    expect(await system.stopApp(ServiceName.Gateway, 'SIGKILL')).toBeNull();
    await first;
  }

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        IDEMPOTENCY_LEASE_MS: String(LEASE_MS),
        IDEMPOTENCY_PURGE_INTERVAL_MS: '300',
        // Long enough for delivery-service to come back and run a request the killed gateway sent.
        BUS_TIMEOUT_MS: '20000',
      },
    });
    await pg.connect();
    deliveryRequests = new Queue(BusQueue.requests(ServiceName.Delivery), { connection: redis, prefix: system.prefix });
    key = (await system.registerMerchant('Idempotency Recovery Co')).test;
  }, 90_000);

  afterAll(async () => {
    await deliveryRequests?.close();
    redis.disconnect();
    await pg.end();
    await system.stop();
  });

  it('replays the delivery created by an attempt whose gateway was killed -9, within 30 s', async () => {
    const quote = await quoteId();
    const body = { quote_id: quote, customer, external_reference: 'killed-after-create' };
    await killGatewayMidRequest(body, 'crash-created');

    // delivery-service comes back and runs the request nobody is waiting for any more: the delivery exists.
    await system.startApp(ServiceName.Delivery);
    const [created] = await waitFor(async () => ((await deliveriesOf(quote)).length > 0 ? deliveriesOf(quote) : undefined), 15_000);
    await system.startApp(ServiceName.Gateway);

    const started = Date.now();
    const retry = await retryUntilSettled(key, body, 'crash-created');
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.parse(retry.text)).toMatchObject({ id: created.id, status: 'simulated', quote_id: quote, external_reference: 'killed-after-create' });

    const again = await post(key, body, 'crash-created');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(retry.text);
    expect(await deliveriesOf(quote)).toHaveLength(1);
    expect(await listedWith(key, 'killed-after-create')).toEqual([created.id]);
  }, 90_000);

  it('runs afresh an attempt whose gateway was killed -9 before anything was created', async () => {
    // A short bus deadline: the request the killed gateway left on the bus is dropped, not run.
    await system.stopApp(ServiceName.Gateway);
    await system.startApp(ServiceName.Gateway, { BUS_TIMEOUT_MS: '1500' });
    const quote = await quoteId();
    const body = { quote_id: quote, customer, external_reference: 'killed-before-create' };
    await killGatewayMidRequest(body, 'crash-nothing');
    // The request waiting on the bus carries its caller's deadline: once past, delivery-service drops it unrun.
    const waiting = await deliveryRequests.getJobs(['waiting']);
    const deadline = Math.max(...waiting.map((job) => (job.data as BusRequest).deadline));
    await waitFor(() => (Date.now() > deadline + 100 ? true : undefined), 10_000);
    await system.startApp(ServiceName.Delivery);
    await waitFor(async () => ((await deliveryRequests.count()) === 0 ? true : undefined), 10_000);
    expect(await deliveriesOf(quote)).toEqual([]);
    await system.startApp(ServiceName.Gateway);

    const retry = await retryUntilSettled(key, body, 'crash-nothing');
    // Usually a fresh 201; a replay only if an earlier retry of ours created it and then timed out (a loaded machine).
    expect(retry.status).toBe(201);
    const created = JSON.parse(retry.text) as { id: string };
    expect(await deliveriesOf(quote)).toEqual([{ id: created.id, idempotency_key: expect.any(String) }]);
    expect(await listedWith(key, 'killed-before-create')).toEqual([created.id]);
  }, 90_000);

  it('answers the delivery when its response cannot be stored, and replays that delivery on retry', async () => {
    // A real database error on the statement that stores the response of this one key.
    await pg.query(`CREATE FUNCTION ${gateway()}.refuse_response() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected failure: response not stored'; END $$`);
    await pg.query(`CREATE TRIGGER refuse_response BEFORE UPDATE ON ${gateway()}.idempotency_keys FOR EACH ROW
      WHEN (NEW.key = 'store-fails' AND NEW.response_status IS NOT NULL) EXECUTE FUNCTION ${gateway()}.refuse_response()`);
    const quote = await quoteId();
    const body = { quote_id: quote, customer, external_reference: 'store-fails' };
    let first: Posted;
    try {
      first = await post(key, body, 'store-fails');
      expect(first.status).toBe(201);
      const { rows } = await pg.query(`SELECT response_status FROM ${gateway()}.idempotency_keys WHERE key = 'store-fails'`);
      expect(rows).toEqual([{ response_status: null }]);
    } finally {
      await pg.query(`DROP TRIGGER refuse_response ON ${gateway()}.idempotency_keys`);
      await pg.query(`DROP FUNCTION ${gateway()}.refuse_response()`);
    }

    const retry = await retryUntilSettled(key, body, 'store-fails');
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(JSON.parse(retry.text)).toEqual(JSON.parse(first.text));
    const stored = await post(key, body, 'store-fails');
    expect(stored.text).toBe(retry.text);
    expect(await deliveriesOf(quote)).toHaveLength(1);
  });

  it('matches a retry made with a rolled API key (keys are per merchant and mode)', async () => {
    const keys = await system.registerMerchant('Rolling Co');
    const body = { quote_id: await quoteId(keys.test), customer, external_reference: 'rolled' };
    const first = await post(keys.test, body, 'roll-1');
    expect(first.status).toBe(201);
    const rolled = await system.request('POST', '/v1/api_keys/roll', { key: keys.test, body: { expires_in_hours: 0 } });
    expect(rolled.status).toBe(201);
    expect((await system.request('GET', '/v1/deliveries', { key: keys.test })).status).toBe(401);

    const again = await post(rolled.body.api_key as string, body, 'roll-1');
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await listedWith(rolled.body.api_key as string, 'rolled')).toHaveLength(1);
    // The other mode of the same merchant has keys of its own.
    expect((await post(keys.live, { quote_id: 'qt_other', customer }, 'roll-1')).status).toBe(400);
  });

  it('purges records older than 24 hours, after which the key starts afresh', async () => {
    const first = await post(key, { quote_id: await quoteId(), customer }, 'purged-1');
    const kept = await post(key, { quote_id: await quoteId(), customer }, 'kept-1');
    expect([first.status, kept.status]).toEqual([201, 201]);
    await pg.query(`UPDATE ${gateway()}.idempotency_keys SET created_at = now() - interval '25 hours' WHERE key = 'purged-1'`);
    await waitFor(async () => {
      const { rows } = await pg.query(`SELECT key FROM ${gateway()}.idempotency_keys WHERE key = ANY($1)`, [['purged-1', 'kept-1']]);
      return rows.length === 1 ? rows : undefined;
    }, 10_000).then((rows) => expect(rows).toEqual([{ key: 'kept-1' }]));

    const reused = await post(key, { quote_id: await quoteId(), customer }, 'purged-1');
    expect(reused.status).toBe(201);
    expect(reused.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.parse(reused.text).id).not.toBe(JSON.parse(first.text).id);
  });
});
