import { ServiceName } from '@sdd/contracts';
import { Fleet, metricValue, PaymentFlow, TEST_OPS_TOKEN, TestDriver, TestSystem, testPhoto, waitFor } from '@sdd/testing';

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

describe('safe on the live path: the delivery PIN cannot be guessed, drivers can be taken off the road', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let live: string;
  /** Where the geocoder puts the pickup; drivers are placed around it. */
  let pickup: { lat: number; lng: number };
  const near = (dLat: number) => ({ lat: Math.round((pickup.lat + dLat) * 1e6) / 1e6, lng: pickup.lng });

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key: live, body });
  const paidDelivery = (): Promise<string> => flow.paidDelivery(live, 'live', { customer });
  const deliveryStatus = async (deliveryId: string) => (await call('GET', `/v1/deliveries/${deliveryId}`)).body.status as string;
  const deliveryMetric = async (name: string) => metricValue(await (await fetch(`${system.opsUrlOf(ServiceName.Delivery)}/metrics`)).text(), name) ?? 0;

  /** Every driver goes offline after its test, so that no offer of the next test goes to it (a revoked one answers 401: it is gone anyway). */
  const online: TestDriver[] = [];
  const onRoad = async (name: string, dLat: number): Promise<TestDriver> => {
    const driver = await fleet.driver(name, near(dLat));
    online.push(driver);
    return driver;
  };
  afterEach(async () => {
    await Promise.all(online.splice(0).map((driver) => driver.call('POST', '/v1/driver/availability', { online: false })));
  });

  /** The driver accepts its offer of `deliveryId` and reports each of `steps`. */
  async function take(driver: TestDriver, deliveryId: string, steps: string[] = []): Promise<void> {
    const offer = await fleet.offerFor(driver, deliveryId);
    expect((await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    for (const status of steps) expect((await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status })).body.status).toBe(status);
  }

  beforeAll(async () => {
    await system.start({ env: { RATE_LIMIT_PER_MINUTE: '100000', OPS_API_TOKEN: TEST_OPS_TOKEN, DISPATCH_INTERVAL_MS: '100', OFFER_TIMEOUT_MS: '60000' } });
    live = (await system.registerMerchant('Safe Path Co')).live;
    await flow.connect(live);
    const quote = await call('POST', '/v1/quotes', { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' });
    pickup = quote.body.pickup as { lat: number; lng: number };
  }, 90000);
  afterAll(() => system.stop());

  it('locks the PIN after 5 wrong tries: 409 pin_locked naming pin, even the right PIN refused, the hand-over then needs a photo and stays unverified', async () => {
    const driver = await onRoad('Guessing Driver', 0.002);
    const deliveryId = await paidDelivery();
    await take(driver, deliveryId, ['picked_up', 'in_transit']);
    const trackingPath = new URL((await call('GET', `/v1/deliveries/${deliveryId}`)).body.tracking_url as string).pathname;
    const pin = ((await (await fetch(`${system.baseUrl}${trackingPath}/status`)).json()) as { delivery_pin: string }).delivery_pin;
    const wrongPins = Array.from({ length: 5 }, (_, i) => String((Number(pin) + 1 + i) % 10_000).padStart(4, '0'));
    const lockoutsBefore = await deliveryMetric('sdd_delivery_pin_lockouts_total');

    const answers = [];
    for (const wrong of wrongPins) answers.push((await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', pin: wrong })).body.error);
    expect(answers.map((error) => [error?.code, error?.param])).toEqual([
      ['pin_mismatch', 'pin'],
      ['pin_mismatch', 'pin'],
      ['pin_mismatch', 'pin'],
      ['pin_mismatch', 'pin'],
      ['pin_locked', 'pin'],
    ]);
    const right = await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', recipient_name: 'Amélie', pin });
    expect([right.status, right.body.error?.code, right.body.error?.param]).toEqual([409, 'pin_locked', 'pin']);
    expect(await deliveryStatus(deliveryId)).toBe('in_transit');

    // The fallback: no PIN, a proof photo first.
    const withoutPhoto = await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', recipient_name: 'Amélie' });
    expect([withoutPhoto.status, withoutPhoto.body.error?.code]).toEqual([409, 'proof_photo_required']);
    expect((await fleet.uploadPhoto(driver, deliveryId, testPhoto('door'))).status).toBe(201);
    const delivered = await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', recipient_name: 'Amélie' });
    expect(delivered.body).toEqual({ delivery_id: deliveryId, status: 'delivered' });
    expect((await call('GET', `/v1/deliveries/${deliveryId}/proof`)).body).toMatchObject({ pin_verified: false, recipient_name: 'Amélie', photos: [expect.any(Object)] });
    // The operator hears of it once.
    expect(await deliveryMetric('sdd_delivery_pin_lockouts_total')).toBe(lockoutsBefore + 1);
  });

  it('still verifies the right PIN after fewer than 5 wrong ones', async () => {
    const driver = await onRoad('Careful Driver', 0.002);
    const deliveryId = await paidDelivery();
    await take(driver, deliveryId, ['picked_up', 'in_transit']);
    const trackingPath = new URL((await call('GET', `/v1/deliveries/${deliveryId}`)).body.tracking_url as string).pathname;
    const pin = ((await (await fetch(`${system.baseUrl}${trackingPath}/status`)).json()) as { delivery_pin: string }).delivery_pin;
    for (let i = 1; i <= 4; i += 1) {
      const wrong = String((Number(pin) + i) % 10_000).padStart(4, '0');
      expect((await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', pin: wrong })).body.error?.code).toBe('pin_mismatch');
    }
    expect((await driver.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'delivered', pin })).body.status).toBe('delivered');
    expect((await call('GET', `/v1/deliveries/${deliveryId}/proof`)).body).toMatchObject({ pin_verified: true });
  });

  it('revokes a driver: its token fails from the next request on, its open offer goes to the next driver, it leaves the list', async () => {
    const revoked = await onRoad('Revoked Nearest', 0.001);
    const deliveryId = await paidDelivery();
    const offer = await fleet.offerFor(revoked, deliveryId);
    const next = await onRoad('Next In Line', 0.01);
    expect((await revoked.call('GET', '/v1/driver/offers')).status).toBe(200);

    const answer = await fleet.ops('DELETE', `/v1/ops/drivers/${revoked.id}`);
    expect([answer.status, answer.body]).toEqual([200, { id: revoked.id, deleted: true, rematched_delivery_ids: [], stranded_delivery_ids: [] }]);
    for (const [method, path] of [
      ['GET', '/v1/driver/offers'],
      ['POST', `/v1/driver/offers/${offer.id as string}/accept`],
    ]) {
      const refused = await revoked.call(method, path);
      expect([refused.status, refused.body.error?.code]).toEqual([401, 'driver_token_invalid']);
    }
    await take(next, deliveryId);
    expect((await call('GET', `/v1/deliveries/${deliveryId}`)).body.driver).toMatchObject({ name: 'Next In Line' });

    const listed = await fleet.ops('GET', '/v1/ops/drivers');
    expect((listed.body.data as Array<{ id: string }>).map((driver) => driver.id)).not.toContain(revoked.id);
    expect((listed.body.data as Array<{ id: string; status: string }>).find((driver) => driver.id === next.id)).toMatchObject({ status: 'active' });
    const again = await fleet.ops('DELETE', `/v1/ops/drivers/${revoked.id}`);
    expect([again.status, again.body.error?.code]).toEqual([404, 'resource_missing']);
    expect((await fleet.ops('POST', `/v1/ops/drivers/${revoked.id}/rotate_token`)).status).toBe(404);
    await next.call('POST', `/v1/driver/deliveries/${deliveryId}/status`, { status: 'failed', reason: 'other' });
  });

  it("hands a revoked driver's delivery not yet picked up to the next driver, and reports a picked-up one stranded", async () => {
    const assigned = await onRoad('Assigned Then Revoked', 0.002);
    const waiting = await paidDelivery();
    await take(assigned, waiting);
    const carrying = await onRoad('Carrying Then Revoked', 0.002);
    const inHand = await paidDelivery();
    await take(carrying, inHand, ['picked_up']);
    const successor = await onRoad('Successor', 0.004);
    const strandedBefore = await deliveryMetric('sdd_stranded_deliveries_total');

    // A reroute waits for the assigned driver's answer when the driver is revoked: without a driver it takes effect.
    const asked = await call('POST', `/v1/deliveries/${waiting}/reroute`, { dropoff_address: '500 Danforth Ave, Toronto, ON M4K 1P6' });
    expect([asked.status, asked.body.dropoff]).toEqual([200, expect.objectContaining({ postalCode: 'M5V 3L9' })]);

    const first = await fleet.ops('DELETE', `/v1/ops/drivers/${assigned.id}`);
    expect(first.body).toEqual({ id: assigned.id, deleted: true, rematched_delivery_ids: [waiting], stranded_delivery_ids: [] });
    expect((await call('GET', `/v1/deliveries/${waiting}`)).body.dropoff).toMatchObject({ postalCode: 'M4K 1P6' });
    await waitFor(
      async () => {
        const events = (await call('GET', `/v1/events?delivery_id=${waiting}`)).body.data as Array<{ type: string }>;
        return events.some((event) => event.type === 'delivery.reroute_accepted') ? true : undefined;
      },
      15_000,
      100,
    );
    expect((await successor.call('GET', '/v1/driver/reroutes')).body.data).toEqual([]);
    const offer = await fleet.offerFor(successor, waiting);
    const rematched = await call('GET', `/v1/deliveries/${waiting}`);
    expect([rematched.body.status, rematched.body.driver]).toEqual(['pending', undefined]);
    expect((await successor.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    expect((await call('GET', `/v1/deliveries/${waiting}`)).body).toMatchObject({ status: 'driver_assigned', driver: { name: 'Successor' } });

    const second = await fleet.ops('DELETE', `/v1/ops/drivers/${carrying.id}`);
    expect(second.body).toEqual({ id: carrying.id, deleted: true, rematched_delivery_ids: [], stranded_delivery_ids: [inHand] });
    expect(await deliveryStatus(inHand)).toBe('picked_up');
    expect((await carrying.call('POST', `/v1/driver/deliveries/${inHand}/status`, { status: 'in_transit' })).status).toBe(401);
    expect(await deliveryMetric('sdd_stranded_deliveries_total')).toBe(strandedBefore + 1);
    await successor.call('POST', `/v1/driver/deliveries/${waiting}/status`, { status: 'failed', reason: 'other' });
  });

  it('forces a driver offline, deactivates and reactivates it, handing its open offer and its assignment on', async () => {
    const driver = await onRoad('Sent Home', 0.001);
    const deliveryId = await paidDelivery();
    const offer = await fleet.offerFor(driver, deliveryId);
    const other = await onRoad('Other Driver', 0.01);

    const offline = await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/force_offline`);
    expect([offline.status, offline.body.online, offline.body.status]).toEqual([200, false, 'active']);
    expect((await driver.call('GET', '/v1/driver/offers')).body.data).toEqual([]);
    expect((await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(409);
    await take(other, deliveryId);

    // Back online by itself after a forced offline; not after a deactivation.
    expect((await driver.call('POST', '/v1/driver/availability', { online: true })).body.online).toBe(true);
    const deactivated = await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/deactivate`);
    expect([deactivated.status, deactivated.body.online, deactivated.body.status]).toEqual([200, false, 'deactivated']);
    const refused = await driver.call('POST', '/v1/driver/availability', { online: true });
    expect([refused.status, refused.body.error?.code]).toEqual([403, 'driver_deactivated']);
    expect((await driver.call('POST', '/v1/driver/location', near(0.001))).status).toBe(200);
    const reactivated = await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/reactivate`);
    expect([reactivated.status, reactivated.body.online, reactivated.body.status]).toEqual([200, false, 'active']);
    expect((await driver.call('POST', '/v1/driver/availability', { online: true })).body.online).toBe(true);

    // The other driver's assignment, not yet picked up, goes back to matching when it is deactivated.
    expect((await fleet.ops('POST', `/v1/ops/drivers/${other.id}/deactivate`)).status).toBe(200);
    const rematched = await call('GET', `/v1/deliveries/${deliveryId}`);
    expect([rematched.body.status, rematched.body.driver]).toEqual(['pending', undefined]);
    expect((await fleet.ops('POST', '/v1/ops/drivers/drv_nobody/deactivate')).status).toBe(404);
    expect((await call('POST', `/v1/deliveries/${deliveryId}/cancel`)).body.status).toBe('cancelled');
  });

  it('rotates a driver token (the old one fails at once) and expires driver sessions', async () => {
    const driver = await onRoad('Rotating Driver', 0.3);
    const tooShort = await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/rotate_token`, { expires_in_seconds: 5 });
    expect([tooShort.status, tooShort.body.error?.param]).toEqual([400, 'expires_in_seconds']);

    const rotated = await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/rotate_token`, { expires_in_seconds: 10 });
    expect([rotated.status, rotated.body.token]).toEqual([200, expect.stringMatching(/^drv_tok_[0-9A-Za-z]{32}$/)]);
    const driverBody = rotated.body.driver as { id: string; token_expires_at: string };
    expect(driverBody.id).toBe(driver.id);
    expect(Date.parse(driverBody.token_expires_at) - Date.now()).toBeLessThanOrEqual(10_000);
    const old = await driver.call('GET', '/v1/driver/offers');
    expect([old.status, old.body.error?.code]).toEqual([401, 'driver_token_invalid']);
    const withNew = (method: string, path: string) => system.request(method, path, { key: rotated.body.token as string });
    expect((await withNew('GET', '/v1/driver/offers')).status).toBe(200);

    const expired = await waitFor(
      async () => {
        const answer = await withNew('GET', '/v1/driver/offers');
        return answer.status === 401 ? answer : undefined;
      },
      30_000,
      250,
    );
    expect(expired.body.error).toMatchObject({ type: 'authentication_error', code: 'driver_token_expired' });

    const fresh = await fleet.ops('POST', `/v1/ops/drivers/${driver.id}/rotate_token`);
    expect(Date.parse((fresh.body.driver as { token_expires_at: string }).token_expires_at) - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
    expect((await system.request('POST', '/v1/driver/availability', { key: fresh.body.token as string, body: { online: false } })).status).toBe(200);
  });
});
