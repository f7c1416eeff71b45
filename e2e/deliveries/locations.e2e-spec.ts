import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, TestSystem } from '@sdd/testing';

describe('pickup locations (gateway → delivery-service over the bus)', () => {
  const system = new TestSystem();
  let a: MerchantKeys;
  let b: MerchantKeys;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  const register = () => system.registerMerchant('Queen St Wines');

  const store = {
    name: 'Queen St Wines',
    address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
    phone: '+1 416 555 0199',
    licensed_for: ['alcohol'],
    license_number: 'AGCO-123456',
  };

  beforeAll(async () => {
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Delivery] });
    a = await register();
    b = await register();
  }, 60000);
  afterAll(() => system.stop());

  it('creates a pickup location and lists it', async () => {
    const created = await call('POST', '/v1/merchants/locations', a.test, store);
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^loc_[0-9A-Za-z]{24}$/),
      name: store.name,
      address: { ...store.address, country: 'CA' },
      phone: store.phone,
      licensed_for: ['alcohol'],
      license_number: 'AGCO-123456',
      created_at: expect.any(String),
    });
    const plain = await call('POST', '/v1/merchants/locations', a.test, { ...store, licensed_for: undefined, license_number: undefined });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({ licensed_for: [], license_number: null });

    const listed = await call('GET', '/v1/merchants/locations', a.test);
    expect(listed.status).toBe(200);
    expect((listed.body.data as Array<{ id: string }>).map((l) => l.id)).toEqual([created.body.id, plain.body.id]);
  });

  it('shows no location to the other mode or to another merchant', async () => {
    await call('POST', '/v1/merchants/locations', a.test, store);
    expect((await call('GET', '/v1/merchants/locations', a.live)).body).toEqual({ data: [] });
    expect((await call('GET', '/v1/merchants/locations', b.test)).body).toEqual({ data: [] });
    expect((await call('GET', '/v1/merchants/locations', b.live)).body).toEqual({ data: [] });
  });

  it.each([
    ['an unknown product', { ...store, licensed_for: ['tobacco'] }, 'parameter_invalid', 'licensed_for'],
    ['a licence claim without a licence number', { ...store, license_number: undefined }, 'parameter_missing', 'license_number'],
    ['a duplicated product', { ...store, licensed_for: ['alcohol', 'alcohol'] }, 'parameter_invalid', 'licensed_for'],
    ['a missing address part', { ...store, address: { ...store.address, city: undefined } }, 'parameter_missing', 'address.city'],
    ['an unknown field', { ...store, hours: '9-5' }, 'parameter_unknown', 'hours'],
  ])('rejects %s', async (_name, body, code, param) => {
    const response = await call('POST', '/v1/merchants/locations', a.test, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
  });

  it('needs an API key', async () => {
    const response = await fetch(`${system.baseUrl}/v1/merchants/locations`);
    expect(response.status).toBe(401);
  });
});
