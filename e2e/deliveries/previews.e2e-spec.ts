import { Fleet, PaymentFlow, TEST_OPS_TOKEN, TestDriver, TestSystem, waitFor } from '@sdd/testing';

/** The simulated timeline barely moves, so a test delivery's status is the one a test gives it. */
const TIMELINE_SPEED = '0.001';
const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const PAID_DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
/** Within 10% of PAID_DROPOFF's fee, and more than 10% above it (restricted-routes-and-reroutes.e2e-spec.ts checks both). */
const NEARER = '1000 Queen St E, Toronto, ON M4M 1J8';
const CREEPING = '1000 Danforth Ave, Toronto, ON M4J 1M1';
const ITEMS_SUBTOTAL = 4000;
const customer = { name: 'Élise Gagnon', phone: '(416) 555-0142' };

type Json = Record<string, unknown>;

describe('previews: what a cancel or a reroute would do, checked against what they then do', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  const fleet = new Fleet(system);
  let test: string;
  let live: string;
  let otherTest: string;
  const online: TestDriver[] = [];

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  /** A delivery of PICKUP → PAID_DROPOFF funded by a paid checkout; its fee and what the processor charged. */
  async function paidDelivery(key: string): Promise<{ id: string; fee: number; charged: number }> {
    const quote = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: PAID_DROPOFF });
    expect(quote.status).toBe(200);
    const checkout = await flow.checkout(key, { quote_id: quote.body.id, items_subtotal: ITEMS_SUBTOTAL });
    await flow.payAsCustomer(key, key === live ? 'live' : 'test', checkout);
    const created = await call('POST', '/v1/deliveries', key, { quote_id: quote.body.id, checkout_id: checkout.checkout_id, customer });
    expect(created.status).toBe(201);
    const payment = created.body.payment as { amount_charged: number };
    return { id: created.body.id as string, fee: quote.body.fee as number, charged: payment.amount_charged };
  }

  const preview = async (key: string, id: string) => {
    const answered = await call('GET', `/v1/deliveries/${id}/cancellation`, key);
    expect(answered.status).toBe(200);
    return answered.body;
  };

  const refundsOf = async (key: string, id: string) => ((await call('GET', '/v1/refunds?limit=100', key)).body.data as Json[]).filter((refund) => refund.delivery_id === id);

  const succeededRefund = (key: string, id: string) => waitFor(async () => (await refundsOf(key, id)).find((refund) => refund.status === 'succeeded'), 30_000, 200);

  const eventsOf = async (key: string, id: string) => (await call('GET', `/v1/events?delivery_id=${id}`, key)).body.data as Json[];

  /** The preview says X; the real cancel then does exactly X: accepted or refused with that error, and refunds what the preview said. */
  async function cancelAsPreviewed(key: string, id: string): Promise<Json> {
    const said = await preview(key, id);
    const refundsBefore = await refundsOf(key, id);
    const cancelled = await call('POST', `/v1/deliveries/${id}/cancel`, key);
    if (said.allowed) {
      expect(cancelled.status).toBe(200);
      expect(cancelled.body.status).toBe('cancelled');
    } else {
      expect([cancelled.status, cancelled.body.error?.code, cancelled.body.error?.message]).toEqual([
        (said.refusal as Json).status,
        (said.refusal as Json).code,
        (said.refusal as Json).message,
      ]);
    }
    const refund = said.refund as Json | null;
    if (refund) {
      expect(await succeededRefund(key, id)).toMatchObject({ amount: refund.amount, reason: refund.reason, currency: said.currency });
    } else {
      expect(await refundsOf(key, id)).toEqual(refundsBefore);
    }
    return said;
  }

  /** One step of the test timeline at a time (the helper's default), up to `to`. */
  async function advanceTo(id: string, to: string): Promise<void> {
    for (let status = ''; status !== to;) {
      const advanced = await call('POST', `/v1/test_helpers/deliveries/${id}/advance`, test);
      expect(advanced.status).toBe(200);
      status = advanced.body.status as string;
    }
  }

  beforeAll(async () => {
    await system.start({
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        OPS_API_TOKEN: TEST_OPS_TOKEN,
        TIMELINE_SPEED,
        MONEY_MOVEMENT_INTERVAL_MS: '200',
        DISPATCH_INTERVAL_MS: '100',
        OFFER_TIMEOUT_MS: '60000',
      },
    });
    const merchant = await system.registerMerchant('Preview Provisions');
    [test, live] = [merchant.test, merchant.live];
    await flow.connect(test);
    await flow.connect(live);
    otherTest = (await system.registerMerchant('Someone Else')).test;
  }, 120000);

  afterEach(async () => {
    await Promise.all(online.splice(0).map((driver) => driver.call('POST', '/v1/driver/availability', { online: false })));
  });
  afterAll(() => system.stop());

  it('test mode, paid: created refunds everything; driver assigned, picked up and delivered are refused with their codes; cancelled again moves nothing', async () => {
    const fresh = await paidDelivery(test);
    const said = await cancelAsPreviewed(test, fresh.id);
    expect(said).toEqual({
      object: 'cancellation_preview',
      delivery_id: fresh.id,
      status: 'created',
      allowed: true,
      refusal: null,
      currency: 'cad',
      refund: {
        amount: fresh.charged,
        items_subtotal: ITEMS_SUBTOTAL,
        delivery_fee: fresh.charged - ITEMS_SUBTOTAL,
        service_fee: expect.any(Number),
        reason: 'delivery_cancelled',
      },
      kept: { amount: 0, items_subtotal: 0, delivery_fee: 0, service_fee: 0, driver_compensation: 0 },
    });
    expect(fresh.charged).toBe(ITEMS_SUBTOTAL + fresh.fee);

    const again = await cancelAsPreviewed(test, fresh.id);
    expect(again).toMatchObject({ status: 'cancelled', allowed: true, refusal: null, refund: null, kept: null });
    expect(await refundsOf(test, fresh.id)).toHaveLength(1);

    for (const [to, code] of [
      ['driver_assigned', 'delivery_in_progress'],
      ['picked_up', 'delivery_in_progress'],
      ['delivered', 'delivery_not_cancellable'],
    ]) {
      const delivery = await paidDelivery(test);
      await advanceTo(delivery.id, to);
      const refused = await cancelAsPreviewed(test, delivery.id);
      expect(refused).toMatchObject({ status: to, allowed: false, refusal: { status: 409, code }, refund: null, kept: null });
    }
  });

  it('test mode without a checkout: allowed, nothing to refund; another merchant cannot read the preview (404)', async () => {
    const quote = await call('POST', '/v1/quotes', test, { pickup_address: PICKUP, dropoff_address: PAID_DROPOFF });
    const created = await call('POST', '/v1/deliveries', test, { quote_id: quote.body.id, customer });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await call('GET', `/v1/deliveries/${id}/cancellation`, otherTest)).body.error).toMatchObject({ code: 'resource_missing' });
    expect((await call('GET', `/v1/deliveries/${id}/cancellation`, live)).status).toBe(404);
    expect(await cancelAsPreviewed(test, id)).toMatchObject({ allowed: true, refund: null, kept: null });
  });

  it('live mode, paid and not yet assigned: the preview is the refund the cancel makes', async () => {
    const delivery = await paidDelivery(live);
    const said = await cancelAsPreviewed(live, delivery.id);
    expect(said).toMatchObject({ allowed: true, refund: { amount: delivery.charged, items_subtotal: ITEMS_SUBTOTAL, delivery_fee: delivery.fee, reason: 'delivery_cancelled' } });
    expect((said.refund as Json).service_fee).toBeGreaterThan(0);
  });

  it('a reroute dry run changes nothing and gives the fee and drift the real reroute then applies; refused the same way', async () => {
    const delivery = await paidDelivery(live);
    const settled = await waitFor(async () => {
      const current = await call('GET', `/v1/deliveries/${delivery.id}`, live);
      return current.body.status === 'pending' ? current.body : undefined;
    }, 15_000);
    const eventsBefore = await eventsOf(live, delivery.id);
    const reroute = (dropoff: string, dryRun?: boolean) =>
      call('POST', `/v1/deliveries/${delivery.id}/reroute`, live, dryRun === undefined ? { dropoff_address: dropoff } : { dropoff_address: dropoff, dry_run: dryRun });

    const dry = await reroute(NEARER, true);
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({
      object: 'reroute_preview',
      delivery_id: delivery.id,
      currency: 'cad',
      charged_fee: delivery.fee,
      takes_effect: 'at_once',
      reroutes_remaining: 2,
      dropoff: { postalCode: 'M4M 1J8', name: customer.name },
    });
    expect(dry.body.drift).toBe((dry.body.fee as number) - delivery.fee);
    expect((await reroute(NEARER, true)).body).toEqual(dry.body);
    expect((await call('GET', `/v1/deliveries/${delivery.id}`, live)).body).toEqual(settled);
    expect(await eventsOf(live, delivery.id)).toEqual(eventsBefore);

    const creepingDry = await reroute(CREEPING, true);
    const creepingReal = await reroute(CREEPING);
    expect([creepingDry.status, creepingDry.body.error]).toEqual([creepingReal.status, { ...creepingReal.body.error, request_id: expect.any(String) }]);
    expect(creepingDry.body.error).toMatchObject({ code: 'reroute_price_changed', param: 'dropoff_address' });

    const real = await reroute(NEARER, false);
    expect(real.status).toBe(200);
    expect([real.body.fee, real.body.dropoff]).toEqual([dry.body.fee, dry.body.dropoff]);
    const accepted = await waitFor(async () => (await eventsOf(live, delivery.id)).find((event) => event.type === 'delivery.reroute_accepted'), 15_000, 100);
    expect(accepted).toBeDefined();
    expect((await reroute(PAID_DROPOFF, true)).body).toMatchObject({ fee: delivery.fee, drift: 0, reroutes_remaining: 1 });
    // Left pending, it would be offered to the next test's driver.
    expect((await call('POST', `/v1/deliveries/${delivery.id}/cancel`, live)).status).toBe(200);
  });

  it('with a driver assigned: the cancel preview is the refusal the cancel answers, and a reroute dry run waits for the driver without asking them', async () => {
    const { pickup } = await flow.quote(live);
    const driver = await fleet.driver('Preview Driver', { lat: pickup.lat + 0.001, lng: pickup.lng });
    online.push(driver);
    const delivery = await paidDelivery(live);
    const offer = await fleet.offerFor(driver, delivery.id);
    expect((await driver.call('POST', `/v1/driver/offers/${offer.id as string}/accept`)).status).toBe(200);

    expect(await cancelAsPreviewed(live, delivery.id)).toMatchObject({ status: 'driver_assigned', allowed: false, refusal: { code: 'delivery_in_progress' } });
    const dry = await call('POST', `/v1/deliveries/${delivery.id}/reroute`, live, { dropoff_address: NEARER, dry_run: true });
    expect(dry.body).toMatchObject({ takes_effect: 'when_driver_accepts', charged_fee: delivery.fee });
    expect((await driver.call('GET', '/v1/driver/reroutes')).body.data).toEqual([]);
    const real = await call('POST', `/v1/deliveries/${delivery.id}/reroute`, live, { dropoff_address: NEARER });
    expect(real.status).toBe(200);
    const asked = (await driver.call('GET', '/v1/driver/reroutes')).body.data as Json[];
    expect(asked).toHaveLength(1);
  });

  it('400 naming the field on bad input', async () => {
    const delivery = await paidDelivery(test);
    const notBoolean = await call('POST', `/v1/deliveries/${delivery.id}/reroute`, test, { dropoff_address: NEARER, dry_run: 'yes' });
    expect([notBoolean.status, notBoolean.body.error?.param]).toEqual([400, 'dry_run']);
    const noAddress = await call('POST', `/v1/deliveries/${delivery.id}/reroute`, test, { dry_run: true });
    expect([noAddress.status, noAddress.body.error?.param]).toEqual([400, 'dropoff_address']);
    const unknown = await call('POST', `/v1/deliveries/${delivery.id}/reroute`, test, { dropoff_address: NEARER, dry_run: true, preview: true });
    expect([unknown.status, unknown.body.error?.code, unknown.body.error?.param]).toEqual([400, 'parameter_unknown', 'preview']);
    expect((await call('GET', '/v1/deliveries/del_test_nope/cancellation', test)).status).toBe(404);
  });
});
