import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ServiceName } from '@sdd/contracts';
import { freePort, GatewayReplica, loadInfra, OwnPostgres, startOwnPostgres, TcpRelay, TestSystem, timedRequest, TimedResponse, uniquePrefix, waitFor } from '@sdd/testing';

/** decisions.md: a dependency down or slow answers 503 with Retry-After, within 5 s. */
const DUE_MS = 5000;
const UNKNOWN_KEY = `svc_test_${'0'.repeat(43)}`;
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

/**
 * A Postgres of its own, really stopped and started again, and black-holed
 * (a relay that accepts connections and forwards nothing): every route
 * answers 503 service_unavailable with Retry-After within 5 s, and works
 * again once Postgres is back, with no app restarted. The gateway and the
 * services reach Postgres through separate relays, so the services' database
 * can also be cut off alone (their handlers' errors come back over the bus);
 * a second gateway connects directly, so a stopped server refuses it.
 */
describe('Postgres outage', () => {
  const infra = loadInfra();
  const dataDir = join(infra.repoRoot, '.data', uniquePrefix('pg-outage'));
  const system = new TestSystem();
  let postgres: OwnPostgres;
  let port: number;
  let gatewayRelay: TcpRelay;
  let servicesRelay: TcpRelay;
  /** A second gateway connected to Postgres directly: a stopped server refuses its connections (ECONNREFUSED). */
  let direct: GatewayReplica;
  let key: string;
  /** A key never used before its test: no gateway has it in its cache. */
  let unusedKey: string;
  let deliveryId: string;

  const startPostgres = () => startOwnPostgres({ dataDir, database: 'outage', port });

  const call = (method: string, path: string, options: { key?: string; body?: unknown } = {}) => timedRequest(system.baseUrl, method, path, options);
  const newQuote = () => call('POST', '/v1/quotes', { key, body: { pickup_address: PICKUP, dropoff_address: DROPOFF } });
  const newDelivery = (quoteId: unknown) => call('POST', '/v1/deliveries', { key, body: { quote_id: quoteId, customer: { name: 'Sam', phone: '416 555 0142' } } });

  function expectUnavailable(name: string, response: TimedResponse): void {
    const seen = { name, status: response.status, code: response.body.error?.code, ms: Math.round(response.elapsedMs) };
    expect(seen).toEqual({ name, status: 503, code: 'service_unavailable', ms: expect.any(Number) });
    expect(response.body.error?.type).toBe('api_error');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(response.elapsedMs).toBeLessThan(DUE_MS);
  }

  /** The representative routes, one after the other (each on its own deadline). */
  async function expectEveryRouteUnavailable(quoteId: unknown): Promise<void> {
    expectUnavailable('POST /v1/quotes', await newQuote());
    expectUnavailable('POST /v1/deliveries', await newDelivery(quoteId));
    expectUnavailable('GET /v1/deliveries/{id}', await call('GET', `/v1/deliveries/${deliveryId}`, { key }));
    expectUnavailable('GET /v1/merchants/me', await call('GET', '/v1/merchants/me', { key }));
    expectUnavailable('unknown API key', await call('GET', '/v1/merchants/me', { key: UNKNOWN_KEY }));
    expectUnavailable('GET /v1/health', await call('GET', '/v1/health'));
  }

  /** Every route works again, without any app restarted. */
  async function expectRecovered(): Promise<void> {
    await waitFor(async () => ((await call('GET', '/v1/health')).status === 200 ? true : undefined), 30000, 250);
    const quote = await newQuote();
    expect(quote.status).toBe(200);
    expect((await newDelivery(quote.body.id)).status).toBe(201);
    expect((await call('GET', `/v1/deliveries/${deliveryId}`, { key })).status).toBe(200);
    expect((await call('GET', '/v1/merchants/me', { key })).status).toBe(200);
    expect((await call('GET', '/v1/merchants/me', { key: UNKNOWN_KEY })).status).toBe(401);
    expect((await fetch(`${system.opsUrl}/health/ready`)).status).toBe(200);
  }

  beforeAll(async () => {
    port = await freePort();
    postgres = await startPostgres();
    expect(postgres.port).toBe(port);
    gatewayRelay = new TcpRelay('127.0.0.1', port);
    servicesRelay = new TcpRelay('127.0.0.1', port);
    const through = async (relay: TcpRelay) => postgres.url.replace(`:${port}/`, `:${await relay.listen()}/`);
    const gatewayUrl = await through(gatewayRelay);
    await system.start({ env: { DATABASE_URL: await through(servicesRelay) } });
    await system.stopApp(ServiceName.Gateway);
    await system.startApp(ServiceName.Gateway, { DATABASE_URL: gatewayUrl });
    direct = await system.startGatewayReplica({ DATABASE_URL: postgres.url });
    key = (await system.registerMerchant('Postgres Outage Co')).test;
    unusedKey = (await system.registerMerchant('Postgres Outage Spare Co')).test;
    const quote = await newQuote();
    const created = await newDelivery(quote.body.id);
    expect(created.status).toBe(201);
    deliveryId = created.body.id as string;
  }, 180000);

  afterAll(async () => {
    gatewayRelay?.pass();
    servicesRelay?.pass();
    await system.stop();
    await Promise.all([gatewayRelay?.close(), servicesRelay?.close()]);
    await postgres?.stop();
    for (const path of [dataDir, `${dataDir}.log`, `${dataDir}.json`, `${dataDir}.lock`, `${dataDir}.password`]) rmSync(path, { recursive: true, force: true });
  }, 60000);

  it('stopped: every route answers 503 with Retry-After within 5 s, then works again once it is started', async () => {
    const quote = await newQuote();
    expect(quote.status).toBe(200);
    await postgres.stop();

    await expectEveryRouteUnavailable(quote.body.id);
    const ready = await fetch(`${system.opsUrl}/health/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('retry-after')).not.toBeNull();
    const refused = (path: string, options: { key?: string } = {}) => timedRequest(direct.baseUrl, 'GET', path, options);
    expectUnavailable('GET /v1/deliveries/{id}, connection refused', await refused(`/v1/deliveries/${deliveryId}`, { key }));
    expectUnavailable('unknown API key, connection refused', await refused('/v1/merchants/me', { key: UNKNOWN_KEY }));

    postgres = await startPostgres();
    expect(postgres.port).toBe(port);
    await expectRecovered();
    expect((await refused(`/v1/deliveries/${deliveryId}`, { key })).status).toBe(200);
  }, 120000);

  it('black-holed: every route answers 503 with Retry-After within 5 s, then works again once it answers', async () => {
    const quote = await newQuote();
    expect(quote.status).toBe(200);
    gatewayRelay.blackHole();
    servicesRelay.blackHole();

    await expectEveryRouteUnavailable(quote.body.id);
    expect((await fetch(`${system.opsUrl}/health/ready`, { signal: AbortSignal.timeout(DUE_MS) })).status).toBe(503);

    gatewayRelay.pass();
    servicesRelay.pass();
    await expectRecovered();
  }, 120000);

  it("black-holed for the services only: their handlers' errors come back over the bus as 503 within 5 s", async () => {
    const quote = await newQuote();
    expect(quote.status).toBe(200);
    servicesRelay.blackHole();

    expectUnavailable('POST /v1/quotes', await newQuote());
    expectUnavailable('POST /v1/deliveries', await newDelivery(quote.body.id));
    expectUnavailable('GET /v1/deliveries/{id}', await call('GET', `/v1/deliveries/${deliveryId}`, { key }));
    // The merchant's account lives in payment-service.
    expectUnavailable('GET /v1/merchants/me', await call('GET', '/v1/merchants/me', { key }));
    expectUnavailable('GET /v1/health', await call('GET', '/v1/health'));
    // The gateway's own database still answers: a key lookup needs nothing else.
    expect((await call('GET', '/v1/merchants/me', { key: UNKNOWN_KEY })).status).toBe(401);

    servicesRelay.pass();
    await expectRecovered();
    // The quote the refused delivery named was not used up by the outage.
    expect((await newDelivery(quote.body.id)).status).toBe(201);
  }, 120000);

  it('black-holed for the gateway only: a key it looked up a moment ago still reads through the services; any other key and GET /v1/health answer 503 within 5 s', async () => {
    expect((await call('GET', `/v1/deliveries/${deliveryId}`, { key })).status).toBe(200);
    gatewayRelay.blackHole();

    // Served from the gateway's key cache (API_KEY_CACHE_MS): a revocation cannot happen while its database is unreachable anyway.
    const cached = await call('GET', `/v1/deliveries/${deliveryId}`, { key });
    expect({ status: cached.status, id: cached.body.id }).toEqual({ status: 200, id: deliveryId });
    expectUnavailable('GET /v1/deliveries/{id} with a key not looked up yet', await call('GET', `/v1/deliveries/${deliveryId}`, { key: unusedKey }));
    expectUnavailable('unknown API key', await call('GET', '/v1/merchants/me', { key: UNKNOWN_KEY }));
    expectUnavailable('GET /v1/health', await call('GET', '/v1/health'));

    gatewayRelay.pass();
    await expectRecovered();
  }, 120000);
});
