import { Fleet, PaymentFlow, TEST_OPS_TOKEN, TestDriver, TestSystem } from '@sdd/testing';

/** A licensed store in Gatineau (QC), a stop in Gatineau and one across the river in Ottawa (ON). */
const GATINEAU_STORE = '100 Rue Laurier, Gatineau, QC J8X 4H2';
const GATINEAU_HOME = '920 Boulevard Saint-Joseph, Gatineau, QC J8Z 1S9';
const OTTAWA_HOME = '111 Wellington St, Ottawa, ON K1A 0A9';
const OTTAWA_STORE = '90 Sparks St, Ottawa, ON K1P 5B4';
const customer = { name: 'Jade Lavoie', phone: '(819) 555-0142' };
/** 18 today: of age for alcohol in Quebec, not in Ontario (19). */
const eighteenYearsOld = `${new Date().getUTCFullYear() - 18}-01-01`;

describe('restricted routes across provinces, and reroutes that cannot creep', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let live: string;
  let store: { lat: number; lng: number };
  const near = (dLat: number) => ({ lat: Math.round((store.lat + dLat) * 1e6) / 1e6, lng: store.lng });
  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key: live, body });
  const paidDelivery = (category: string, pickup: string, dropoff: string) =>
    flow.paidDelivery(live, 'live', { customer }, { pickup_address: pickup, dropoff_address: dropoff, category });

  const online: TestDriver[] = [];
  afterEach(async () => {
    await Promise.all(online.splice(0).map((driver) => driver.call('POST', '/v1/driver/availability', { online: false })));
  });

  /** Picked up, on the way, and handed to an 18-year-old: the answer to `delivered`. */
  async function handToEighteenYearOld(driver: TestDriver, deliveryId: string): Promise<string> {
    for (const status of ['picked_up', 'in_transit']) expect((await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status })).status).toBe(200);
    const answered = await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', recipient_birth_date: eighteenYearsOld });
    expect(answered.status).toBe(200);
    return answered.body.status as string;
  }

  beforeAll(async () => {
    // An offer lasts longer than a test waits for one: a driver wrongly offered a delivery keeps it from the right one.
    await system.start({ env: { RATE_LIMIT_PER_MINUTE: '100000', OPS_API_TOKEN: TEST_OPS_TOKEN, DISPATCH_INTERVAL_MS: '100', OFFER_TIMEOUT_MS: '60000' } });
    live = (await system.registerMerchant('Rivière Spirits')).live;
    await flow.connect(live);
    const location = await call('POST', '/v1/merchants/locations', {
      name: 'Dépanneur Laurier',
      address: { street: '100 Rue Laurier', city: 'Gatineau', province: 'QC', postal_code: 'J8X 4H2' },
      phone: '+1 819 555 0100',
      licensed_for: ['alcohol', 'cannabis'],
      license_number: 'RACJ-1',
    });
    expect(location.status).toBe(201);
    const quote = await call('POST', '/v1/quotes', { pickup_address: GATINEAU_STORE, dropoff_address: GATINEAU_HOME });
    store = quote.body.pickup as { lat: number; lng: number };
  }, 90000);
  afterAll(() => system.stop());

  it('refuses a cannabis quote across a provincial border, naming the dropoff; alcohol and standard goods may cross', async () => {
    const cannabis = await call('POST', '/v1/quotes', { pickup_address: OTTAWA_STORE, dropoff_address: GATINEAU_HOME, category: 'cannabis' });
    expect([cannabis.status, cannabis.body.error]).toEqual([
      400,
      expect.objectContaining({ type: 'invalid_request_error', code: 'restricted_route', param: 'dropoff_address', message: expect.stringContaining('ON') }),
    ]);
    const within = await call('POST', '/v1/quotes', { pickup_address: GATINEAU_STORE, dropoff_address: GATINEAU_HOME, category: 'cannabis' });
    expect([within.status, (within.body.dropoff as { province: string }).province]).toEqual([200, 'QC']);
    for (const category of ['alcohol', 'standard']) {
      const crossing = await call('POST', '/v1/quotes', { pickup_address: GATINEAU_STORE, dropoff_address: OTTAWA_HOME, category });
      expect([category, crossing.status, (crossing.body.dropoff as { province: string }).province]).toEqual([category, 200, 'ON']);
    }
  });

  it("offers a cross-border alcohol delivery only to a driver certified in both provinces, and checks the recipient against the dropoff's legal age", async () => {
    const quebecOnly = await fleet.driver('Quebec Only', near(0.001), { certifications: [{ kind: 'liquor_service', province: 'QC' }] });
    const both = await fleet.driver('Both Provinces', near(0.01), {
      certifications: [
        { kind: 'liquor_service', province: 'QC' },
        { kind: 'liquor_service', province: 'ON' },
      ],
    });
    online.push(quebecOnly, both);
    const deliveryId = await paidDelivery('alcohol', GATINEAU_STORE, OTTAWA_HOME);
    const offer = await fleet.offerFor(both, deliveryId);
    expect((await quebecOnly.call('GET', '/v1/driver/offers')).body.data).toEqual([]);
    expect((await both.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    // Of age in Quebec, where the store is; not in Ontario, where the recipient is.
    expect(await handToEighteenYearOld(both, deliveryId)).toBe('failed');
    expect((await call('GET', `/v1/deliveries/${deliveryId}`)).body.status).toBe('failed');
  });

  it('re-checks a reroute into another province: the product must be allowed there, the driver certified there, the recipient of age there', async () => {
    const cannabis = await paidDelivery('cannabis', GATINEAU_STORE, GATINEAU_HOME);
    const across = await call('POST', `/v1/deliveries/${cannabis}/reroute`, { dropoff_address: OTTAWA_HOME });
    expect([across.status, across.body.error?.code, across.body.error?.param]).toEqual([400, 'restricted_route', 'dropoff_address']);
    expect((await call('GET', `/v1/deliveries/${cannabis}`)).body.dropoff).toMatchObject({ state: 'QC' });
    expect((await call('POST', `/v1/deliveries/${cannabis}/cancel`)).body.status).toBe('cancelled');

    const driver = await fleet.driver('Quebec Driver', near(0.002), { certifications: [{ kind: 'liquor_service', province: 'QC' }] });
    online.push(driver);
    const alcohol = await paidDelivery('alcohol', GATINEAU_STORE, GATINEAU_HOME);
    const offer = await fleet.offerFor(driver, alcohol);
    expect((await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    const uncertified = await call('POST', `/v1/deliveries/${alcohol}/reroute`, { dropoff_address: OTTAWA_HOME });
    expect([uncertified.status, uncertified.body.error?.code, uncertified.body.error?.param]).toEqual([409, 'reroute_driver_not_certified', 'dropoff_address']);
    expect((await driver.call('GET', '/v1/driver/reroutes')).body.data).toEqual([]);

    const certified = await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/certifications`, { kind: 'liquor_service', province: 'ON', status: 'approved' });
    expect(certified.status).toBe(200);
    expect((await call('POST', `/v1/deliveries/${alcohol}/reroute`, { dropoff_address: OTTAWA_HOME })).status).toBe(200);
    expect((await driver.call('POST', `/v1/driver/deliveries/${alcohol}/reroute`, { accept: true })).status).toBe(200);
    expect((await call('GET', `/v1/deliveries/${alcohol}`)).body.dropoff).toMatchObject({ state: 'ON' });
    expect(await handToEighteenYearOld(driver, alcohol)).toBe('failed');
  });

  it("measures each reroute's drift from what the customer paid, and allows three reroutes per delivery", async () => {
    const toronto = (dropoff: string) => ({ pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: dropoff });
    const quoted = async (dropoff: string) => (await call('POST', '/v1/quotes', toronto(dropoff))).body.fee as number;
    const [paid, nearer, creeping] = await Promise.all(
      ['290 Bremner Blvd, Toronto, ON M5V 3L9', '1000 Queen St E, Toronto, ON M4M 1J8', '1000 Danforth Ave, Toronto, ON M4J 1M1'].map(quoted),
    );
    // Each step within 10 % of the one before; the second more than 10 % above what the customer paid.
    expect([nearer <= paid * 1.1, creeping <= nearer * 1.1, creeping > paid * 1.1]).toEqual([true, true, true]);
    const deliveryId = await flow.paidDelivery(live, 'live', { customer }, toronto('290 Bremner Blvd, Toronto, ON M5V 3L9'));
    const reroute = (dropoff: string) => call('POST', `/v1/deliveries/${deliveryId}/reroute`, { dropoff_address: dropoff });

    const first = await reroute('1000 Queen St E, Toronto, ON M4M 1J8');
    expect([first.status, first.body.fee]).toEqual([200, nearer]);
    const crept = await reroute('1000 Danforth Ave, Toronto, ON M4J 1M1');
    expect([crept.status, crept.body.error?.code, crept.body.error?.message]).toEqual([409, 'reroute_price_changed', expect.stringContaining(`customer paid ${paid}`)]);
    for (const dropoff of ['500 Danforth Ave, Toronto, ON M4K 1P6', '290 Bremner Blvd, Toronto, ON M5V 3L9']) expect((await reroute(dropoff)).status).toBe(200);
    const fourth = await reroute('500 Danforth Ave, Toronto, ON M4K 1P6');
    expect([fourth.status, fourth.body.error?.code, fourth.body.error?.param]).toEqual([409, 'reroute_limit_reached', 'dropoff_address']);
    expect((await call('GET', `/v1/deliveries/${deliveryId}`)).body).toMatchObject({ fee: paid, dropoff: { postalCode: 'M5V 3L9' } });
    expect((await call('POST', `/v1/deliveries/${deliveryId}/cancel`)).body.status).toBe('cancelled');
  });
});
