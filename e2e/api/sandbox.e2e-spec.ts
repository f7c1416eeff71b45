import { ServiceName } from '@sdd/contracts';
import { freePort, TestSystem } from '@sdd/testing';

describe('sandbox address and browser exposure', () => {
  const system = new TestSystem();
  let sandboxUrl: string;
  let keys: { test: string; live: string };

  beforeAll(async () => {
    const sandboxPort = await freePort();
    sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Delivery, ServiceName.Payment], env: { SANDBOX_PORT: String(sandboxPort) } });
    const response = await fetch(`${sandboxUrl}/v1/merchants/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        business_name: 'Sandbox Co',
        email: `sandbox+${Math.random().toString(36).slice(2)}@example.ca`,
        phone: '+1 604 555 0101',
        address: { street: '555 W Hastings St', city: 'Vancouver', province: 'BC', postal_code: 'V6B 4N6' },
      }),
    });
    expect(response.status).toBe(201);
    keys = ((await response.json()) as { api_keys: typeof keys }).api_keys;
  }, 60000);
  afterAll(() => system.stop());

  const me = (base: string, key: string) => fetch(`${base}/v1/merchants/me`, { headers: { authorization: `Bearer ${key}` } });

  it('accepts test keys on the sandbox address', async () => {
    const response = await me(sandboxUrl, keys.test);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { mode: string }).mode).toBe('test');
  });

  it('refuses live keys on the sandbox address with 401 api_key_mode_mismatch', async () => {
    const response = await me(sandboxUrl, keys.live);
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: Record<string, unknown> }).error).toMatchObject({
      type: 'authentication_error',
      code: 'api_key_mode_mismatch',
      param: null,
    });
  });

  it('accepts both modes on the main address', async () => {
    expect((await me(system.baseUrl, keys.test)).status).toBe(200);
    expect((await me(system.baseUrl, keys.live)).status).toBe(200);
  });

  it('keeps ops routes off the sandbox address', async () => {
    expect((await fetch(`${sandboxUrl}/health/ready`)).status).toBe(404);
    expect((await fetch(`${sandboxUrl}/internal/health`)).status).toBe(404);
  });

  it('sends no CORS headers: secret keys never belong in a browser', async () => {
    const preflight = await fetch(`${system.baseUrl}/v1/merchants/me`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await fetch(`${system.baseUrl}/v1/merchants/me`, {
      headers: { origin: 'https://shop.example', authorization: `Bearer ${keys.test}` },
    });
    expect(plain.status).toBe(200);
    expect(plain.headers.get('access-control-allow-origin')).toBeNull();
  });
});
