import { callWithSession, Fleet, LIVE_DISPATCH_ENV, PaymentFlow, signInWithToken, TEST_OPS_TOKEN, TestSystem, waitFor } from '@sdd/testing';

const PICKUP_ADDRESS = '1 Queen St E, Toronto, ON M5C 2W5';

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

type Json = Record<string, unknown> & { error?: { code?: string; param?: string } };

describe('operator API: console sessions, deliveries under way and stuck, re-offer, cancel with refund', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let live: string;
  let test: string;
  let pickup: { lat: number; lng: number };
  const near = (dLat: number) => ({ lat: Math.round((pickup.lat + dLat) * 1e6) / 1e6, lng: pickup.lng });

  /** An operator API call made with a session cookie (and the CSRF token when given), as the console makes it. */
  const withSession = (method: string, path: string, cookie: string, csrf?: string, body?: unknown) => callWithSession(system.baseUrl, method, path, cookie, csrf, body);
  const signIn = (token: string) => signInWithToken(system.baseUrl, '/v1/ops/sessions', token);

  const opsDelivery = async (deliveryId: string, state: 'active' | 'stuck') => {
    const listed = await fleet.ops('GET', `/v1/ops/deliveries?state=${state}`);
    expect(listed.status).toBe(200);
    return (listed.body.data as Json[]).find((delivery) => delivery.id === deliveryId);
  };

  beforeAll(async () => {
    await system.start({
      env: {
        ...LIVE_DISPATCH_ENV,
        // Stuck within seconds, so the test need not wait minutes.
        STUCK_UNMATCHED_MS: '1000',
        STUCK_STILL_MS: '2000',
      },
    });
    ({
      keys: { live, test },
      pickup,
    } = await flow.liveMerchant('Ops Watch Co'));
  }, 120000);

  afterAll(async () => {
    await system.stop();
  });

  it('exchanges the operator token for a session cookie that opens /v1/ops, changes only with its CSRF token, until signed out', async () => {
    const refused = await signIn('not-the-operator-token-at-all-0000');
    expect([refused.status, refused.body.error?.code, refused.setCookie]).toEqual([401, 'ops_token_invalid', '']);

    const session = await signIn(TEST_OPS_TOKEN);
    expect(session.status).toBe(201);
    expect(session.setCookie).toMatch(/^sdd_ops_session=[0-9A-Za-z]{43}; Max-Age=28800; Path=\/v1\/ops; HttpOnly; Secure; SameSite=Strict$/);
    expect(session.body).toEqual({
      object: 'ops_session',
      expires_at: expect.any(String),
      csrf_token: expect.any(String),
      map: { tile_url: null, tile_attribution: expect.any(String) },
    });
    expect(Date.parse(session.body.expires_at as string) - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    const csrf = session.body.csrf_token as string;

    const current = await withSession('GET', '/v1/ops/sessions/current', session.cookie);
    expect([current.status, current.body.csrf_token]).toEqual([200, csrf]);
    expect((await withSession('GET', '/v1/ops/drivers', session.cookie)).status).toBe(200);
    expect((await withSession('GET', '/v1/ops/deliveries', session.cookie)).status).toBe(200);

    const driver = { name: 'Console Made', phone: '+1 416 555 0190', vehicle: 'bike', home_province: 'ON' };
    const noCsrf = await withSession('POST', '/v1/ops/drivers', session.cookie, undefined, driver);
    expect([noCsrf.status, noCsrf.body.error?.code]).toEqual([403, 'csrf_token_invalid']);
    const wrongCsrf = await withSession('POST', '/v1/ops/drivers', session.cookie, 'x'.repeat(43), driver);
    expect([wrongCsrf.status, wrongCsrf.body.error?.code]).toEqual([403, 'csrf_token_invalid']);
    const created = await withSession('POST', '/v1/ops/drivers', session.cookie, csrf, driver);
    expect([created.status, (created.body.driver as Json).name]).toEqual([201, 'Console Made']);

    // A merchant's key, a made-up session and no credential open nothing; the bearer still works for integrations.
    expect((await system.request('GET', '/v1/ops/deliveries', { key: live })).body.error?.code).toBe('ops_token_invalid');
    expect((await withSession('GET', '/v1/ops/drivers', `sdd_ops_session=${'A'.repeat(43)}`)).body.error?.code).toBe('ops_session_invalid');
    expect((await fetch(`${system.baseUrl}/v1/ops/drivers`)).status).toBe(401);

    const signedOut = await withSession('DELETE', '/v1/ops/sessions/current', session.cookie, csrf);
    expect([signedOut.status, signedOut.body.ended_sessions]).toEqual([200, 1]);
    expect(signedOut.headers.get('set-cookie')).toMatch(/^sdd_ops_session=; Max-Age=0; Path=\/v1\/ops;/);
    const after = await withSession('GET', '/v1/ops/drivers', session.cookie);
    expect([after.status, after.body.error?.code]).toEqual([401, 'ops_session_invalid']);
    expect((await fleet.ops('GET', '/v1/ops/drivers')).status).toBe(200);
  });

  it('lists a delivery whose driver went quiet as stuck, re-offers it to the next driver, and cancels it with a refund', async () => {
    const quiet = await fleet.driver('Quiet Driver', near(0.001));
    const deliveryId = await flow.paidDelivery(live, 'live', { customer });
    const offer = await fleet.offerFor(quiet, deliveryId);
    expect((await quiet.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);
    const next = await fleet.driver('Next Driver', near(0.002));

    const active = await opsDelivery(deliveryId, 'active');
    expect(active).toMatchObject({
      object: 'ops_delivery',
      status: 'driver_assigned',
      merchant_id: expect.stringMatching(/^mer_/),
      pickup: { address: expect.stringContaining('Queen St E'), lat: expect.any(Number), lng: expect.any(Number) },
      dropoff: { address: expect.stringContaining('Bremner'), lat: expect.any(Number), lng: expect.any(Number) },
      driver: { id: quiet.id, name: 'Quiet Driver', vehicle: 'car', ...near(0.001), located_at: expect.any(String) },
      waiting_since: null,
    });
    // Nothing of the recipient: operators see where, not who.
    expect(JSON.stringify(active)).not.toMatch(/Tremblay|Amélie|5550142/);

    // The driver sends no position: STUCK_STILL_MS later it is stuck.
    const stuck = await waitFor(async () => (await opsDelivery(deliveryId, 'stuck')) ?? undefined, 15_000, 200);
    expect(stuck.stuck).toEqual({ reason: 'driver_still', since: (active as Json & { driver: Json }).driver.located_at });

    const cancelHeld = await fleet.ops('POST', `/v1/ops/deliveries/${deliveryId}/cancel`);
    expect([cancelHeld.status, cancelHeld.body.error?.code]).toEqual([409, 'delivery_in_progress']);

    const reoffered = await fleet.ops('POST', `/v1/ops/deliveries/${deliveryId}/reoffer`);
    expect(reoffered.status).toBe(200);
    expect(reoffered.body).toMatchObject({ id: deliveryId, status: 'pending', driver: null, waiting_since: expect.any(String) });
    const nextOffer = await fleet.offerFor(next, deliveryId);
    expect(nextOffer.status).toBe('open');
    expect(((await quiet.call('GET', '/v1/driver/offers')).body.data as Json[]).map((o) => o.delivery_id)).not.toContain(deliveryId);
    const merchantView = (await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live })).body;
    expect([merchantView.status, merchantView.driver ?? null]).toEqual(['pending', null]);

    // Again: still in matching (the open offer withdrawn too, neither driver asked again).
    const again = await fleet.ops('POST', `/v1/ops/deliveries/${deliveryId}/reoffer`);
    expect([again.status, again.body.status]).toEqual([200, 'pending']);

    const cancelled = await fleet.ops('POST', `/v1/ops/deliveries/${deliveryId}/cancel`);
    expect([cancelled.status, cancelled.body.status, cancelled.body.stuck]).toEqual([200, 'cancelled', null]);
    const twice = await fleet.ops('POST', `/v1/ops/deliveries/${deliveryId}/cancel`);
    expect([twice.status, twice.body.status]).toEqual([200, 'cancelled']);
    const refunded = await waitFor(
      async () => {
        const delivery = await system.request('GET', `/v1/deliveries/${deliveryId}`, { key: live });
        return (delivery.body.refund as Json | null)?.status === 'succeeded' ? delivery.body : undefined;
      },
      30_000,
      200,
    );
    expect(refunded.status).toBe('cancelled');
    const types = ((await system.request('GET', `/v1/events?delivery_id=${deliveryId}`, { key: live })).body.data as Json[]).map((event) => event.type);
    expect(types).toContain('delivery.cancelled');

    const late = await fleet.ops('POST', `/v1/ops/deliveries/${deliveryId}/reoffer`);
    expect([late.status, late.body.error?.code]).toEqual([409, 'delivery_not_reofferable']);
    expect(await opsDelivery(deliveryId, 'active')).toBeUndefined();
    await Promise.all([quiet, next].map((driver) => fleet.ops('POST', `/v1/ops/drivers/${driver.id}/force_offline`)));
  });

  it('lists a delivery nobody takes as stuck, and knows only live deliveries', async () => {
    const waiting = await flow.paidDelivery(live, 'live', { customer });
    const stuck = await waitFor(async () => (await opsDelivery(waiting, 'stuck')) ?? undefined, 15_000, 200);
    expect(stuck).toMatchObject({ status: 'pending', driver: null, stuck: { reason: 'no_driver', since: stuck.waiting_since } });

    const quote = await system.request('POST', '/v1/quotes', { key: test, body: { pickup_address: PICKUP_ADDRESS, dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' } });
    const testDelivery = (await system.request('POST', '/v1/deliveries', { key: test, body: { quote_id: quote.body.id, customer } })).body.id as string;
    expect(testDelivery).toMatch(/^del_test_/);
    expect(await opsDelivery(testDelivery, 'active')).toBeUndefined();
    for (const action of ['reoffer', 'cancel']) {
      const refused = await fleet.ops('POST', `/v1/ops/deliveries/${testDelivery}/${action}`);
      expect([refused.status, refused.body.error?.code]).toEqual([404, 'resource_missing']);
    }
    const bad = await fleet.ops('GET', '/v1/ops/deliveries?state=late');
    expect([bad.status, bad.body.error?.param]).toEqual([400, 'state']);
    expect((await fleet.ops('POST', `/v1/ops/deliveries/${waiting}/cancel`)).body.status).toBe('cancelled');
  });
});
