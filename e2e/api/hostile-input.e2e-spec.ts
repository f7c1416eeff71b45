import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, TestSystem } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };
const address = { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' };

/** JSON text nested `depth` levels deep, built without recursion. */
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

interface Raw {
  status: number;
  body: { error?: { type: string; code: string; param: string | null; message: string } } & Record<string, unknown>;
}

/**
 * The body goes on the wire exactly as given: JSON.stringify would turn a lone
 * surrogate into its escape anyway, but a hand-written escape is what a fuzzer sends.
 */
async function send(baseUrl: string, method: string, path: string, key: string | undefined, body?: string): Promise<Raw> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body, signal: AbortSignal.timeout(10_000) });
  return { status: response.status, body: (await response.json()) as Raw['body'] };
}

describe('hostile input: 4xx naming the field, never 5xx', () => {
  const system = new TestSystem();
  let keys: MerchantKeys;

  const call = (method: string, path: string, body?: string) => send(system.baseUrl, method, path, keys.test, body);
  const json = (method: string, path: string, body?: unknown) => system.request(method, path, { key: keys.test, body });

  async function quoteId(): Promise<string> {
    const response = await json('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF });
    expect(response.status).toBe(200);
    return response.body.id as string;
  }

  async function deliveryId(): Promise<string> {
    const response = await json('POST', '/v1/deliveries', { quote_id: await quoteId(), customer });
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  async function webhookId(): Promise<string> {
    const response = await json('POST', '/v1/webhooks', { url: 'https://8.8.8.8/hooks', events: ['*'] });
    expect(response.status).toBe(201);
    return response.body.id as string;
  }

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook],
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    keys = await system.registerMerchant('Hostile Input Co');
  }, 60000);
  afterAll(() => system.stop());

  describe('deep nesting', () => {
    let routes: Array<[method: string, path: string, field: string]>;

    beforeAll(async () => {
      const delivery = await deliveryId();
      const webhook = await webhookId();
      const quote = await quoteId();
      routes = [
        ['POST', '/v1/merchants/register', 'address'],
        ['POST', '/v1/merchants/locations', 'address'],
        ['POST', '/v1/api_keys/roll', 'expires_in_hours'],
        ['POST', '/v1/quotes', 'pickup_address'],
        ['POST', '/v1/deliveries', 'metadata'],
        ['POST', '/v1/deliveries', 'customer'],
        ['POST', `/v1/deliveries/${delivery}/cancel`, 'reason'],
        ['POST', `/v1/test_helpers/deliveries/${delivery}/advance`, 'to'],
        ['POST', `/v1/test_helpers/quotes/${quote}/expire`, 'reason'],
        ['POST', '/v1/webhooks', 'events'],
        ['PATCH', `/v1/webhooks/${webhook}`, 'events'],
        ['POST', `/v1/webhooks/${webhook}/test`, 'reason'],
        ['DELETE', `/v1/webhooks/${webhook}`, 'reason'],
        ['POST', `/v1/webhooks/${webhook}/rotate_secret`, 'expires_in_hours'],
        ['POST', `/v1/webhooks/${webhook}/recover`, 'since'],
        ['POST', '/v1/events/evt_fuzz/resend', 'webhook_id'],
      ];
    });

    it('refuses 5,000 levels under a known field, at the root and in arrays with 400 invalid_json on every route', async () => {
      const outcomes: string[] = [];
      for (const [method, path, field] of routes) {
        for (const body of [`{"${field}":${deepObject(5000)}}`, deepArray(5000), `{"${field}":${deepArray(100_000)}}`]) {
          const response = await call(method, path, body);
          outcomes.push(`${method} ${path} ${body.slice(0, 12)}: ${response.status} ${response.body.error?.code}`);
        }
      }
      expect(outcomes.filter((outcome) => !outcome.endsWith(': 400 invalid_json'))).toEqual([]);
    });

    it('still accepts the nesting real bodies use', async () => {
      const response = await json('POST', '/v1/deliveries', { quote_id: await quoteId(), customer, metadata: { order: '42' } });
      expect(response.status).toBe(201);
    });

    it('keeps refusing prototype poisoning', async () => {
      const poisoned = await send(system.baseUrl, 'POST', '/v1/merchants/register', undefined, '{"__proto__":{"admin":true}}');
      expect(poisoned).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
      const constructed = await send(system.baseUrl, 'POST', '/v1/merchants/register', undefined, '{"constructor":{"prototype":{"admin":true}}}');
      expect(constructed).toMatchObject({ status: 400, body: { error: { code: 'invalid_json' } } });
    });
  });

  describe('strings that are not well-formed Unicode', () => {
    const registration = (override: Record<string, unknown>) =>
      JSON.stringify({ business_name: 'Bad Text Co', email: `bad+${Date.now()}${Math.random()}@example.ca`, phone: '+1 416 555 0120', address, ...override });

    /** JSON.stringify keeps `\ud800` as an escape, so these travel as the fuzzer wrote them. */
    it.each([
      ['a lone high surrogate in email', 'email', { email: 'ab\ud800c@example.ca' }],
      ['a lone low surrogate in business_name', 'business_name', { business_name: 'Bad \udc00 Co' }],
      ['NUL in business_name', 'business_name', { business_name: 'Bad\u0000Co' }],
      ['NUL in a nested address field', 'address.street', { address: { ...address, street: '1 Queen\u0000 St E' } }],
      ['a lone surrogate in a nested address field', 'address.city', { address: { ...address, city: 'Tor\ud800onto' } }],
      ['a lone surrogate in an unknown key', '\ufffd', { '\ud800': 'x' }],
    ])('registration: %s → 400 naming %j', async (_name, param, override) => {
      const response = await send(system.baseUrl, 'POST', '/v1/merchants/register', undefined, registration(override));
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_invalid', param });
    });

    it('delivery creation: quote_id, nested customer fields, metadata keys and values', async () => {
      const quote = await quoteId();
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ quote_id: 'qt_\ud800', customer }, 'quote_id'],
        [{ quote_id: `${quote}\u0000`, customer }, 'quote_id'],
        [{ quote_id: quote, customer: { ...customer, email: 'amelie\udfff@example.ca' } }, 'customer.email'],
        [{ quote_id: quote, customer: { ...customer, name: 'Amé\u0000lie' } }, 'customer.name'],
        [{ quote_id: quote, customer, metadata: { order: '4\ud8002' } }, 'metadata.order'],
        [{ quote_id: quote, customer, metadata: { ['or\u0000der']: '42' } }, 'metadata.or\ufffdder'],
        [{ quote_id: quote, customer, metadata: { ['\udbff']: '42' } }, 'metadata.\ufffd'],
      ];
      for (const [body, param] of cases) {
        const response = await call('POST', '/v1/deliveries', JSON.stringify(body));
        expect({ param, status: response.status, error: response.body.error?.code, named: response.body.error?.param }).toEqual({
          param,
          status: 400,
          error: 'parameter_invalid',
          named: param,
        });
      }
      expect((await json('POST', '/v1/deliveries', { quote_id: quote, customer })).status).toBe(201);
    });

    it('quotes, webhooks and arrays: the dotted path, indices included', async () => {
      const cases: Array<[string, string, Record<string, unknown>, string]> = [
        ['POST', '/v1/quotes', { pickup_address: `1 Queen St E\ud800, Toronto`, dropoff_address: DROPOFF }, 'pickup_address'],
        ['POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: 'x\u0000' }, 'dropoff_address'],
        ['POST', '/v1/webhooks', { url: 'https://8.8.8.8/hooks', events: ['*'], description: 'a\u0000b' }, 'description'],
        ['POST', '/v1/webhooks', { url: 'https://8.8.8.8/hooks', events: ['delivery.delivered', 'x\ud800'] }, 'events.1'],
        ['POST', '/v1/webhooks/wh_fuzz/recover', { since: `${new Date().toISOString()}\ud800` }, 'since'],
      ];
      for (const [method, path, body, param] of cases) {
        const response = await call(method, path, JSON.stringify(body));
        expect({ path, status: response.status, named: response.body.error?.param }).toEqual({ path, status: 400, named: param });
      }
    });

    it('accepts well-formed text outside the BMP (a surrogate pair)', async () => {
      const response = await json('POST', '/v1/webhooks', { url: 'https://8.8.8.8/hooks', events: ['*'], description: 'Orders 🚚 Ωμέγα' });
      expect(response.status).toBe(201);
      expect(response.body.description).toBe('Orders 🚚 Ωμέγα');
    });
  });

  it('refuses NUL and broken UTF-8 in path and query parameters with 4xx', async () => {
    const outcomes: string[] = [];
    for (const bad of ['%00', 'x%00y', '%ED%A0%80', '%C0%80', '%FF']) {
      for (const [method, path] of [
        ['GET', `/v1/deliveries/del_${bad}`],
        ['GET', `/v1/deliveries/del_${bad}/tracking`],
        ['POST', `/v1/deliveries/del_${bad}/cancel`],
        ['GET', `/v1/quotes/qt_${bad}`],
        ['GET', `/v1/events/evt_${bad}`],
        ['PATCH', `/v1/webhooks/wh_${bad}`],
        ['DELETE', `/v1/webhooks/wh_${bad}`],
        ['GET', `/v1/deliveries?cursor=${bad}`],
        ['GET', `/v1/deliveries?status=${bad}`],
        ['GET', `/v1/events?delivery_id=del_${bad}`],
        ['GET', `/v1/events?type=${bad}`],
        ['GET', `/track/${bad}`],
      ]) {
        const response = await fetch(`${system.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${keys.test}`, ...(method === 'PATCH' ? { 'content-type': 'application/json' } : {}) },
          body: method === 'PATCH' ? '{"active":true}' : undefined,
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status >= 500) outcomes.push(`${method} ${path}: ${response.status}`);
      }
    }
    expect(outcomes).toEqual([]);
    const named = await call('GET', '/v1/deliveries/del_%00');
    expect(named).toMatchObject({ status: 400, body: { error: { code: 'parameter_invalid', param: 'deliveryId' } } });
    // Fastify refuses an undecodable URL before routing: still the envelope, with its request id.
    const undecodable = await call('GET', '/v1/deliveries/del_%ED%A0%80');
    expect(undecodable).toMatchObject({ status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_invalid', request_id: expect.stringMatching(/^req_/) } } });
    const queried = await call('GET', '/v1/events?type=delivery.created%00');
    expect(queried).toMatchObject({ status: 400, body: { error: { param: 'type' } } });
  });

  describe('routes whose body is optional take the same strict rules', () => {
    const status = async (id: string) => (await json('GET', `/v1/deliveries/${id}`)).body.status;

    it.each([
      ['null', 'null', 'parameter_invalid', null],
      ['an empty array', '[]', 'parameter_invalid', null],
      ['an array of objects', '[{}]', 'parameter_invalid', null],
      ['a string', '"cancel"', 'parameter_invalid', null],
      ['a number', '1', 'parameter_invalid', null],
      ['an unknown field', '{"reason":"customer asked"}', 'parameter_unknown', 'reason'],
    ])('cancel with %s → 400, the delivery is not cancelled', async (_name, body, code, param) => {
      const id = await deliveryId();
      const response = await call('POST', `/v1/deliveries/${id}/cancel`, body);
      expect(response.status).toBe(400);
      expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
      expect(await status(id)).toBe('created');
    });

    it('cancel with no body, and with {}, cancels', async () => {
      const bare = await deliveryId();
      const withoutBody = await call('POST', `/v1/deliveries/${bare}/cancel`);
      expect(withoutBody.status).toBe(200);
      expect(withoutBody.body.status).toBe('cancelled');
      const braces = await deliveryId();
      const withEmptyObject = await call('POST', `/v1/deliveries/${braces}/cancel`, '{}');
      expect(withEmptyObject.status).toBe(200);
      expect(withEmptyObject.body.status).toBe('cancelled');
      expect(await status(braces)).toBe('cancelled');
    });

    it('webhook test, webhook delete and quote expiry refuse bodies they do not take', async () => {
      const webhook = await webhookId();
      const quote = await quoteId();
      const cases: Array<[string, string, string, string, string | null]> = [
        ['POST', `/v1/webhooks/${webhook}/test`, '{"event":"delivery.created"}', 'parameter_unknown', 'event'],
        ['POST', `/v1/webhooks/${webhook}/test`, 'null', 'parameter_invalid', null],
        ['DELETE', `/v1/webhooks/${webhook}`, '{"force":true}', 'parameter_unknown', 'force'],
        ['DELETE', `/v1/webhooks/${webhook}`, '[]', 'parameter_invalid', null],
        ['POST', `/v1/test_helpers/quotes/${quote}/expire`, '{"at":"now"}', 'parameter_unknown', 'at'],
      ];
      for (const [method, path, body, code, param] of cases) {
        const response = await call(method, path, body);
        expect({ path, body, status: response.status, code: response.body.error?.code, param: response.body.error?.param }).toEqual({
          path,
          body,
          status: 400,
          code,
          param,
        });
      }
      const listed = (await json('GET', '/v1/webhooks')).body.data as Array<{ id: string }>;
      expect(listed.map((endpoint) => endpoint.id)).toContain(webhook);
      expect((await json('GET', `/v1/quotes/${quote}`)).status).toBe(200);
      expect((await call('DELETE', `/v1/webhooks/${webhook}`, '{}')).status).toBe(200);
      expect((await call('POST', `/v1/test_helpers/quotes/${quote}/expire`)).status).toBe(200);
      expect((await json('GET', `/v1/quotes/${quote}`)).status).toBe(410);
    });
  });
});
