import { createHash } from 'node:crypto';
import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { testEnv, TestSystem } from '@sdd/testing';

interface ErrorBody {
  error: { type: string; code: string; message: string; param: string | null; request_id: string };
}

const validBody = () => ({
  business_name: 'Maple Eats',
  email: `owner+${Math.random().toString(36).slice(2)}@maple.ca`,
  phone: '+1 416 555 0100',
  address: { street: '100 King St W', city: 'Toronto', province: 'ON', postal_code: 'M5X 1A9' },
});

describe('merchants, API keys and auth (real gateway, Postgres, Redis)', () => {
  const system = new TestSystem();

  beforeAll(() => system.start({ apps: [ServiceName.Gateway, ServiceName.Delivery, ServiceName.Payment] }), 60000);
  afterAll(() => system.stop());

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${system.baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> };
  }

  async function get(path: string, key?: string) {
    const response = await fetch(`${system.baseUrl}${path}`, { headers: key ? { authorization: `Bearer ${key}` } : {} });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async function register(body = validBody()) {
    const response = await post('/v1/merchants/register', body);
    expect(response.status).toBe(201);
    return response.body as { merchant: { id: string; email: string }; api_keys: { test: string; live: string } };
  }

  it('registers a merchant and shows its test and live keys once', async () => {
    const body = validBody();
    const response = await post('/v1/merchants/register', body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      merchant: {
        id: expect.stringMatching(/^mer_[0-9A-Za-z]{24}$/),
        business_name: 'Maple Eats',
        email: body.email,
        phone: body.phone,
        address: { ...body.address, country: 'CA' },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
      api_keys: {
        test: expect.stringMatching(/^svc_test_[0-9A-Za-z]{43}$/),
        live: expect.stringMatching(/^svc_live_[0-9A-Za-z]{43}$/),
      },
    });
  });

  it('keeps only hashes of the keys', async () => {
    const { merchant, api_keys } = await register();
    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      const { rows } = await pg.query(`SELECT * FROM "${system.prefix}_gateway".api_keys WHERE merchant_id = $1 ORDER BY mode`, [merchant.id]);
      expect(rows.map((r: { mode: string }) => r.mode)).toEqual(['live', 'test']);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(api_keys.test);
      expect(stored).not.toContain(api_keys.live);
      const sha = (key: string) => createHash('sha256').update(key).digest('hex');
      expect(rows.map((r: { key_hash: string }) => r.key_hash)).toEqual([sha(api_keys.live), sha(api_keys.test)]);
    } finally {
      await pg.end();
    }
  });

  it('refuses a second registration with the same email, whatever its case', async () => {
    const body = validBody();
    await register(body);
    const again = await post('/v1/merchants/register', { ...body, email: body.email.toUpperCase() });
    expect(again.status).toBe(409);
    expect((again.body as unknown as ErrorBody).error).toMatchObject({
      type: 'invalid_request_error',
      code: 'merchant_exists',
      param: 'email',
    });
  });

  const base = validBody();
  const invalid: Array<[string, unknown, number, string, string | null]> = [
    ['missing business_name', { ...base, business_name: undefined }, 400, 'parameter_missing', 'business_name'],
    ['empty business_name', { ...base, business_name: '' }, 400, 'parameter_invalid', 'business_name'],
    ['email not an email', { ...base, email: 'not-an-email' }, 400, 'parameter_invalid', 'email'],
    ['email a number', { ...base, email: 42 }, 400, 'parameter_invalid', 'email'],
    ['missing phone', { ...base, phone: undefined }, 400, 'parameter_missing', 'phone'],
    ['phone with letters', { ...base, phone: 'call me' }, 400, 'parameter_invalid', 'phone'],
    ['missing address', { ...base, address: undefined }, 400, 'parameter_missing', 'address'],
    ['address a string', { ...base, address: '100 King St W' }, 400, 'parameter_invalid', 'address'],
    ['missing postal code', { ...base, address: { ...base.address, postal_code: undefined } }, 400, 'parameter_missing', 'address.postal_code'],
    ['missing city', { ...base, address: { ...base.address, city: undefined } }, 400, 'parameter_missing', 'address.city'],
    ['country outside Canada', { ...base, address: { ...base.address, country: 'US' } }, 400, 'parameter_invalid', 'address.country'],
    ['unknown top-level field', { ...base, role: 'admin' }, 400, 'parameter_unknown', 'role'],
    ['unknown nested field', { ...base, address: { ...base.address, unit: '4' } }, 400, 'parameter_unknown', 'address.unit'],
    ['array body', [base], 400, 'parameter_invalid', null],
    ['not JSON', '{"business_name": ', 400, 'invalid_json', null],
  ];

  it.each(invalid)('rejects %s with a clear error', async (_name, body, status, code, param) => {
    const response = await post('/v1/merchants/register', body);
    expect(response.status).toBe(status);
    const error = (response.body as unknown as ErrorBody).error;
    expect(error).toMatchObject({ type: 'invalid_request_error', code, param });
    expect(error.request_id).toBe(response.headers.get('x-request-id'));
    expect(error.message.length).toBeGreaterThan(0);
  });

  it('answers 415 for a body that is not JSON and 413 for one over 1 MB', async () => {
    const plain = await fetch(`${system.baseUrl}/v1/merchants/register`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(plain.status).toBe(415);
    expect(((await plain.json()) as ErrorBody).error.code).toBe('unsupported_media_type');

    const big = await post('/v1/merchants/register', { ...base, business_name: 'x'.repeat(1024 * 1024) });
    expect(big.status).toBe(413);
    expect((big.body as unknown as ErrorBody).error.code).toBe('payload_too_large');
  });

  it('authenticates with Bearer keys and tells the mode', async () => {
    const { merchant, api_keys } = await register();
    const asTest = await get('/v1/merchants/me', api_keys.test);
    expect(asTest.status).toBe(200);
    expect(asTest.body).toMatchObject({ merchant: { id: merchant.id }, mode: 'test' });
    expect(asTest.body).toMatchObject({
      connect: { status: 'not_connected', charges_enabled: false, payouts_enabled: false },
      fee_tier: { rate_percent: 10, deliveries_last_30_days: 0, next_tier_at: 100 },
    });
    const asLive = await get('/v1/merchants/me', api_keys.live);
    expect(asLive.body).toMatchObject({ merchant: { id: merchant.id }, mode: 'live' });
  });

  it('answers 401 for a missing, malformed or unknown key', async () => {
    const { api_keys } = await register();
    // The replacement must differ from the real last character, or the "unknown" key is the real one.
    const otherLast = api_keys.test.endsWith('X') ? 'Y' : 'X';
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'api_key_missing'],
      ['svc_test_short', 'api_key_invalid'],
      [`${api_keys.test.slice(0, -1)}${otherLast}`, 'api_key_invalid'],
      [api_keys.test.replace('svc_test_', 'svc_live_'), 'api_key_invalid'],
    ];
    for (const [key, code] of cases) {
      const response = await get('/v1/merchants/me', key);
      expect(response.status).toBe(401);
      expect((response.body as unknown as ErrorBody).error).toMatchObject({ type: 'authentication_error', code, param: null });
    }
  });

  it('keeps merchants apart: each key sees only its own merchant', async () => {
    const a = await register();
    const b = await register();
    expect((await get('/v1/merchants/me', a.api_keys.test)).body).toMatchObject({ merchant: { id: a.merchant.id } });
    expect((await get('/v1/merchants/me', b.api_keys.live)).body).toMatchObject({ merchant: { id: b.merchant.id } });
  });

  it('rolls a key: the new one works at once, the old one until its grace period ends', async () => {
    const { api_keys } = await register();
    const rolled = await post('/v1/api_keys/roll', {}, { authorization: `Bearer ${api_keys.test}` });
    expect(rolled.status).toBe(201);
    const body = rolled.body as { api_key: string; mode: string; previous_key: { last4: string; expires_at: string } };
    expect(body.api_key).toMatch(/^svc_test_[0-9A-Za-z]{43}$/);
    expect(body.mode).toBe('test');
    expect(body.previous_key.last4).toBe(api_keys.test.slice(-4));
    const graceHours = (Date.parse(body.previous_key.expires_at) - Date.now()) / 3600_000;
    expect(graceHours).toBeGreaterThan(23.9);
    expect(graceHours).toBeLessThanOrEqual(24);
    expect((await get('/v1/merchants/me', body.api_key)).status).toBe(200);
    expect((await get('/v1/merchants/me', api_keys.test)).status).toBe(200);

    const now = await post('/v1/api_keys/roll', { expires_in_hours: 0 }, { authorization: `Bearer ${body.api_key}` });
    expect(now.status).toBe(201);
    expect((await get('/v1/merchants/me', body.api_key)).status).toBe(401);
    expect((await get('/v1/merchants/me', (now.body as { api_key: string }).api_key)).status).toBe(200);
  });

  it('validates the roll request', async () => {
    const { api_keys } = await register();
    const response = await post('/v1/api_keys/roll', { expires_in_hours: 500 }, { authorization: `Bearer ${api_keys.live}` });
    expect(response.status).toBe(400);
    expect((response.body as unknown as ErrorBody).error).toMatchObject({ code: 'parameter_invalid', param: 'expires_in_hours' });
  });
});
