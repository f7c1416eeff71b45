import { Browser } from 'playwright-core';
import { Fleet, launchTestBrowser, PaymentFlow, TEST_OPS_TOKEN, TestDriver, TestSystem, waitFor } from '@sdd/testing';

type Json = Record<string, unknown>;
type Point = { lat: number; lng: number };

/** How long the public link keeps personal data after the end, here (TRACKING_PERSONAL_DATA_MS; 4 hours by default). */
const PERSONAL_DATA_MS = 8000;
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

describe("the end of a delivery: the driver's whereabouts and the public link's personal data", () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let live: string;
  let browser: Browser;
  let pickup: Point;
  const near = (dLat: number, dLng = 0): Point => ({ lat: Math.round((pickup.lat + dLat) * 1e6) / 1e6, lng: Math.round((pickup.lng + dLng) * 1e6) / 1e6 });
  /** Where the driver goes after the delivery: nobody's business. */
  const home = () => near(0.05, 0.05);

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key: live, body });
  const publicStatus = async (trackingPath: string): Promise<Json> => (await (await fetch(`${system.baseUrl}${trackingPath}/status`)).json()) as Json;

  const drivers: TestDriver[] = [];
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((driver) => driver.call('POST', '/v1/driver/availability', { online: false })));
  });

  /** A paid live delivery, accepted by a new driver next to the pickup. */
  async function assignedDelivery(driverName: string): Promise<{ id: string; driver: TestDriver; trackingPath: string; dropoff: Point }> {
    const driver = await fleet.driver(driverName, near(0.002));
    drivers.push(driver);
    const id = await flow.paidDelivery(live, 'live', { customer });
    const offer = await fleet.offerFor(driver, id);
    expect((await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    const delivery = (await call('GET', `/v1/deliveries/${id}`)).body;
    const dropoff = delivery.dropoff as Point;
    return { id, driver, trackingPath: new URL(delivery.tracking_url as string).pathname, dropoff: { lat: dropoff.lat, lng: dropoff.lng } };
  }

  const report = async (driver: TestDriver, id: string, body: Json) => {
    const moved = await driver.call('POST', `/v1/driver/deliveries/${id}/status`, body);
    expect([moved.status, moved.body.status]).toEqual([200, body.status]);
  };

  /** The delivery's events, oldest first, once `type` is among them. */
  const eventsUpTo = (id: string, type: string): Promise<Json[]> =>
    waitFor(
      async () => {
        const events = ((await call('GET', `/v1/events?delivery_id=${id}`)).body.data as Json[]).reverse();
        return events.some((event) => event.type === type) ? events : undefined;
      },
      15_000,
      100,
    );

  beforeAll(async () => {
    await system.start({
      env: { RATE_LIMIT_PER_MINUTE: '100000', OPS_API_TOKEN: TEST_OPS_TOKEN, DISPATCH_INTERVAL_MS: '100', TRACKING_PERSONAL_DATA_MS: String(PERSONAL_DATA_MS) },
    });
    live = (await system.registerMerchant('End Privacy Co')).live;
    await flow.connect(live);
    pickup = (await flow.quote(live)).pickup;
    browser = await launchTestBrowser();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await system.stop();
  });

  it('from delivered (and failed) on, retrieve, tracking and the public status show where it ended and no phone, not where the driver goes next', async () => {
    const { id, driver, trackingPath, dropoff } = await assignedDelivery('Sam Homebound');
    for (const status of ['driver_at_pickup', 'picked_up', 'in_transit']) await report(driver, id, { status });
    await driver.call('POST', '/v1/driver/location', dropoff);
    const underWay = (await call('GET', `/v1/deliveries/${id}`)).body;
    expect(underWay.driver).toEqual({ name: 'Sam Homebound', phone: '+14165550177', vehicle: 'car', ...dropoff });

    await report(driver, id, { status: 'delivered', recipient_name: 'Amélie' });
    expect((await driver.call('POST', '/v1/driver/location', home())).status).toBe(200);

    const shown = await publicStatus(trackingPath);
    expect(shown).toMatchObject({ status: 'delivered', recipient_first_name: 'Amélie', driver: { name: 'Sam', location: dropoff } });
    const retrieved = (await call('GET', `/v1/deliveries/${id}`)).body;
    expect(retrieved.driver).toEqual({ name: 'Sam Homebound', phone: null, vehicle: 'car', ...dropoff });
    const tracking = (await call('GET', `/v1/deliveries/${id}/tracking`)).body;
    expect(tracking).toMatchObject({ status: 'delivered', eta_minutes: 0, driver: { name: 'Sam Homebound', phone: null, location: dropoff } });
    for (const body of [shown, retrieved, tracking]) expect(JSON.stringify(body)).not.toContain(String(home().lat));

    // Failed on the way: the same from then on.
    const failing = await assignedDelivery('Pat Failing');
    await report(failing.driver, failing.id, { status: 'picked_up' });
    const where = near(0.01);
    await failing.driver.call('POST', '/v1/driver/location', where);
    await report(failing.driver, failing.id, { status: 'failed', reason: 'recipient_unavailable' });
    await failing.driver.call('POST', '/v1/driver/location', home());
    expect((await call('GET', `/v1/deliveries/${failing.id}`)).body.driver).toEqual({ name: 'Pat Failing', phone: null, vehicle: 'car', ...where });
    expect((await call('GET', `/v1/deliveries/${failing.id}/tracking`)).body.driver).toEqual({ name: 'Pat Failing', phone: null, location: where });
  }, 90_000);

  it('shows the driver in every event from driver_assigned on, as GET showed the delivery at that moment, and ended at the end', async () => {
    const { id, driver, dropoff } = await assignedDelivery('Kim Eventful');
    const atAssignment = (await call('GET', `/v1/deliveries/${id}`)).body;
    expect(atAssignment.driver).toEqual({ name: 'Kim Eventful', phone: '+14165550177', vehicle: 'car', ...near(0.002) });

    await driver.call('POST', '/v1/driver/location', near(0.001));
    await report(driver, id, { status: 'picked_up' });
    const atPickup = (await call('GET', `/v1/deliveries/${id}`)).body;
    expect(atPickup.driver).toMatchObject(near(0.001));

    await driver.call('POST', '/v1/driver/location', dropoff);
    await report(driver, id, { status: 'in_transit' });
    await report(driver, id, { status: 'delivered' });
    await driver.call('POST', '/v1/driver/location', home());
    const atEnd = (await call('GET', `/v1/deliveries/${id}`)).body;

    const events = await eventsUpTo(id, 'delivery.delivered');
    const dataOf = (type: string) => events.find((event) => event.type === type)?.data as Json;
    expect(dataOf('delivery.created')).not.toHaveProperty('driver');
    expect(dataOf('delivery.driver_assigned')).toEqual(atAssignment);
    expect(dataOf('delivery.picked_up')).toEqual(atPickup);
    expect(dataOf('delivery.in_transit').driver).toEqual({ name: 'Kim Eventful', phone: '+14165550177', vehicle: 'car', ...dropoff });
    expect(dataOf('delivery.delivered')).toEqual({ ...atEnd, delivered_at: expect.any(String) });
    expect(atEnd.driver).toEqual({ name: 'Kim Eventful', phone: null, vehicle: 'car', ...dropoff });
  }, 90_000);

  it('shows nothing personal on the public page once the delivery has ended, and drops it from the public status once TRACKING_PERSONAL_DATA_MS has passed', async () => {
    const { id, driver, trackingPath, dropoff } = await assignedDelivery('Lee Private');
    for (const status of ['picked_up', 'in_transit']) await report(driver, id, { status });
    await driver.call('POST', '/v1/driver/location', dropoff);
    await report(driver, id, { status: 'delivered' });
    // The public status holds the names for a while after the end; the page (issue 33: nothing personal
    // after the delivery ends) shows none of them.
    expect((await publicStatus(trackingPath)).recipient_first_name).toBe('Amélie');
    const page = await browser.newPage();
    try {
      await page.goto(`${system.baseUrl}${trackingPath}`);
      await page.waitForSelector('#status[data-status="delivered"]', { timeout: 10_000 });
      expect(await page.textContent('#greeting')).toBe('Your delivery');
      expect(await page.textContent('#status')).toBe('Delivered');
      expect(await page.isVisible('#map')).toBe(false);
      expect(await page.content()).not.toContain('Amélie');

      await waitFor(async () => ((await publicStatus(trackingPath)).recipient_first_name === null ? true : undefined), PERSONAL_DATA_MS + 20_000, 500);
      expect(await publicStatus(trackingPath)).toMatchObject({
        status: 'delivered',
        recipient_first_name: null,
        driver: null,
        delivery_pin: null,
        pickup: null,
        dropoff: null,
      });
      // The merchant still sees its delivery in full.
      expect((await call('GET', `/v1/deliveries/${id}`)).body).toMatchObject({ customer: { name: 'Amélie Tremblay' }, driver: { name: 'Lee Private', phone: null } });
    } finally {
      await page.close();
    }
  }, 90_000);
});
