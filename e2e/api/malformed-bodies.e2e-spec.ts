import { ServiceName } from '@sdd/contracts';
import { TestSystem } from '@sdd/testing';

/** A body as sent on the wire, with the content type to send it under. */
type Fuzz = [name: string, body: string | Buffer, contentType?: string];

const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const manyKeys = `{${Array.from({ length: 10000 }, (_, i) => `"k${i}":${i}`).join(',')}}`;

/** Bodies no POST route may accept; none may produce a 5xx or a hang. */
const MALFORMED: Fuzz[] = [
  ['empty body', ''],
  ['truncated object', '{'],
  ['missing value', '{"a":}'],
  ['bare word', 'nul'],
  ['trailing comma', '{"a":1,}'],
  ['single quotes', "{'a':1}"],
  ['null', 'null'],
  ['true', 'true'],
  ['number', '42'],
  ['string', '"hello"'],
  ['empty array', '[]'],
  ['array of objects', '[{}]'],
  ['number where a string goes', '{"business_name":123,"name":123,"expires_in_hours":"ten"}'],
  ['array where a string goes', '{"email":["a@b.co"],"name":["x"]}'],
  ['null object', '{"address":null}'],
  ['array object', '{"address":[1,2]}'],
  ['string object', '{"address":"1 King St"}'],
  ['operator injection', '{"phone":{"$gt":""}}'],
  ['1 MB string', JSON.stringify({ business_name: 'x'.repeat(1024 * 1024) })],
  ['900 kB string', JSON.stringify({ business_name: 'x'.repeat(900 * 1024) })],
  ['deep nesting', deep(5000)],
  ['lone surrogate', '{"business_name":"\\ud800"}'],
  ['NUL key', '{"\\u0000":1}'],
  ['__proto__ poisoning', '{"__proto__":{"admin":true}}'],
  ['constructor poisoning', '{"constructor":{"prototype":{"admin":true}}}'],
  ['byte order mark', '\ufeff{"a":1}'],
  ['duplicate keys', '{"unknown":1,"unknown":2}'],
  ['number overflow', '{"expires_in_hours":1e400}'],
  ['negative hours', '{"expires_in_hours":-1}'],
  ['emoji keys', '{"😀":"🚚"}'],
  ['RTL and zero-width text', '{"name":"\u202e\u200b","zzz":"\u200d"}'],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
  ['10,000 keys', manyKeys],
  ['XML as JSON', '<merchant><name>x</name></merchant>'],
  ['form body', 'business_name=x&email=y', 'application/x-www-form-urlencoded'],
  ['plain text', 'hello', 'text/plain'],
  ['no content type', '{"a":1}', ''],
];

const ROUTES: Array<{ path: string; auth: boolean }> = [
  { path: '/v1/merchants/register', auth: false },
  { path: '/v1/merchants/locations', auth: true },
  { path: '/v1/api_keys/roll', auth: true },
  { path: '/v1/quotes', auth: true },
  { path: '/v1/webhooks', auth: true },
  { path: '/v1/events/evt_fuzz/resend', auth: true },
  { path: '/v1/deliveries', auth: true },
  { path: '/v1/deliveries/del_test_fuzz/cancel', auth: true },
  { path: '/v1/test_helpers/deliveries/del_test_fuzz/advance', auth: true },
  { path: '/v1/test_helpers/quotes/qt_fuzz/expire', auth: true },
  { path: '/v1/webhooks/wh_fuzz/test', auth: true },
  { path: '/v1/webhooks/wh_fuzz/rotate_secret', auth: true },
  { path: '/v1/webhooks/wh_fuzz/recover', auth: true },
];

describe('malformed bodies on every POST route', () => {
  const system = new TestSystem();
  let key: string;

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Delivery, ServiceName.Quote, ServiceName.Payment, ServiceName.Webhook],
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    const response = await fetch(`${system.baseUrl}/v1/merchants/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        business_name: 'Fuzz Foods',
        email: `fuzz+${Math.random().toString(36).slice(2)}@example.ca`,
        phone: '+1 514 555 0123',
        address: { street: '1 Rue Sainte-Catherine O', city: 'Montréal', province: 'QC', postal_code: 'H3B 1A7' },
      }),
    });
    key = ((await response.json()) as { api_keys: { test: string } }).api_keys.test;
  }, 60000);
  afterAll(() => system.stop());

  const cases = ROUTES.flatMap((route) => MALFORMED.map((fuzz) => [route.path, ...fuzz, route.auth] as const));

  it.each(cases)('%s: %s → 4xx envelope', async (path, _name, body, contentType = 'application/json', auth) => {
    const headers: Record<string, string> = {};
    if (contentType) headers['content-type'] = contentType;
    if (auth) headers.authorization = `Bearer ${key}`;
    const started = Date.now();
    const response = await fetch(`${system.baseUrl}${path}`, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(5000),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    const envelope = (await response.json()) as { error: Record<string, unknown> };
    const { param, ...rest } = envelope.error;
    expect(rest).toEqual({
      type: 'invalid_request_error',
      code: expect.any(String),
      message: expect.any(String),
      request_id: response.headers.get('x-request-id'),
    });
    expect(param === null || typeof param === 'string').toBe(true);
  });

  it('still works after all of that', async () => {
    const response = await fetch(`${system.baseUrl}/v1/merchants/me`, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
  });
});
