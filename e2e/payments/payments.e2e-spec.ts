import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, PaymentFlow, testEnv, TestSystem, waitFor } from '@sdd/testing';

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };

describe('payments: checkouts, paid deliveries, transfers and refunds (against the local Stripe-compatible server)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let connected: MerchantKeys;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  /** A paid test checkout for a fresh quote. */
  async function paidCheckout(key: string, itemsSubtotal = 2500): Promise<{ quoteId: string; fee: number; checkout: Record<string, unknown> }> {
    const quote = await flow.quote(key);
    const checkout = await flow.checkout(key, { quote_id: quote.id, items_subtotal: itemsSubtotal, customer: { email: 'ada@example.ca' } });
    const paid = await call('POST', `/v1/test_helpers/checkouts/${checkout.checkout_id as string}/pay`, key, { card: '4242 4242 4242 4242' });
    expect(paid.status).toBe(200);
    expect(paid.body.status).toBe('paid');
    return { quoteId: quote.id, fee: quote.fee, checkout: paid.body };
  }

  async function advanceTo(key: string, deliveryId: string, steps: string[]): Promise<void> {
    for (const to of steps) {
      const moved = await call('POST', `/v1/test_helpers/deliveries/${deliveryId}/advance`, key, { to });
      expect([moved.status, moved.body.status]).toEqual([200, to]);
    }
  }

  async function payoutsOf(key: string): Promise<Array<Record<string, unknown>>> {
    const page = await call('GET', '/v1/payouts', key);
    expect(page.status).toBe(200);
    return page.body.data as Array<Record<string, unknown>>;
  }

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment],
      env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_MOVEMENT_INTERVAL_MS: '200' },
    });
    connected = await system.registerMerchant('Money Path Co');
    await flow.connect(connected.test);
  }, 90000);
  afterAll(() => system.stop());

  it('runs the whole test-mode money path: checkout, payment, delivery, transfer of the net, payout listed', async () => {
    const quote = await flow.quote(connected.test);
    const created = await call('POST', '/v1/checkouts', connected.test, {
      quote_id: quote.id,
      items_subtotal: 2500,
      success_url: 'https://shop.example/thanks',
      cancel_url: 'https://shop.example/cart',
      customer: { name: 'Ada Lovelace', email: 'ada@example.ca', phone: '+1 416 555 0199' },
    });
    expect(created.status).toBe(201);
    const checkoutId = created.body.checkout_id as string;
    expect(created.body).toEqual({
      checkout_id: expect.stringMatching(/^chk_[0-9A-Za-z]{24}$/),
      mode: 'test',
      status: 'open',
      checkout_url: `${system.baseUrl}/checkout/${checkoutId}`,
      client_secret: expect.stringMatching(/^pi_.+_secret_.+$/),
      payment_intent_id: expect.stringMatching(/^pi_/),
      customer: expect.stringMatching(/^cus_/),
      ephemeral_key: null,
      publishable_key: 'pk_test_local',
      quote_id: quote.id,
      currency: 'cad',
      amount: 2500 + quote.fee,
      delivery_fee: quote.fee,
      items_subtotal: 2500,
      success_url: 'https://shop.example/thanks',
      cancel_url: 'https://shop.example/cart',
      delivery_id: null,
      amount_refunded: 0,
      refunds: [],
      paid_at: null,
      expires_at: expect.any(String),
      created_at: expect.any(String),
    });
    expect(Date.parse(created.body.expires_at as string) - Date.parse(created.body.created_at as string)).toBe(24 * 3600_000);
    const intent = await flow.processor('test').paymentIntents.retrieve(created.body.payment_intent_id as string);
    expect(intent).toMatchObject({
      amount: 2500 + quote.fee,
      currency: 'cad',
      customer: created.body.customer,
      transfer_group: checkoutId,
      receipt_email: 'ada@example.ca',
      metadata: { checkout_id: checkoutId, quote_id: quote.id, mode: 'test' },
    });

    const paid = await call('POST', `/v1/test_helpers/checkouts/${checkoutId}/pay`, connected.test, { card: '4242424242424242' });
    expect([paid.status, paid.body.status]).toEqual([200, 'paid']);
    expect(Date.parse(paid.body.paid_at as string)).toBeGreaterThanOrEqual(Date.parse(created.body.created_at as string));

    const delivery = await call('POST', '/v1/deliveries', connected.test, { quote_id: quote.id, checkout_id: checkoutId, customer });
    expect(delivery.status).toBe(201);
    expect(delivery.body).toMatchObject({
      mode: 'test',
      status: 'simulated',
      order_id: expect.stringMatching(/^ord_/),
      payment: {
        status: 'paid',
        checkout_id: checkoutId,
        payment_intent_id: created.body.payment_intent_id,
        amount_charged: 2500 + quote.fee,
        items_subtotal: 2500,
        service_fee: 250,
        developer_net: 2250,
      },
    });
    const deliveryId = delivery.body.id as string;
    expect((await call('GET', `/v1/checkouts/${checkoutId}`, connected.test)).body).toMatchObject({ status: 'used', delivery_id: deliveryId });

    await advanceTo(connected.test, deliveryId, ['pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']);
    const payout = await waitFor(async () => (await payoutsOf(connected.test)).find((p) => p.delivery_id === deliveryId && p.status === 'paid'), 20_000, 100);
    expect(payout).toEqual({
      id: expect.stringMatching(/^po_/),
      delivery_id: deliveryId,
      checkout_id: checkoutId,
      amount: 2250,
      currency: 'cad',
      status: 'paid',
      transfer_id: expect.stringMatching(/^tr_/),
      created_at: expect.any(String),
    });
    const transfers = await flow.processor('test').transfers.list({ limit: 100 });
    const ours = transfers.data.filter((t) => t.metadata?.delivery_id === deliveryId);
    expect(ours).toHaveLength(1);
    expect(ours[0]).toMatchObject({ id: payout.transfer_id, amount: 2250, currency: 'cad', transfer_group: checkoutId });
  });

  it('runs the live money path up to a created delivery, after live onboarding', async () => {
    const live = await system.registerMerchant('Live Money Co');
    const quote = await flow.quote(live.live);
    const refused = await call('POST', '/v1/checkouts', live.live, { quote_id: quote.id });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ type: 'permission_error', code: 'stripe_not_connected' });
    // Test-mode onboarding does not connect the live account.
    await flow.connect(live.test);
    expect((await call('POST', '/v1/checkouts', live.live, { quote_id: quote.id })).status).toBe(403);
    await flow.connect(live.live);

    const checkout = await flow.checkout(live.live, { quote_id: quote.id, items_subtotal: 10000, stripe_version: '2024-06-20' });
    expect(checkout).toMatchObject({ mode: 'live', publishable_key: 'pk_live_local', ephemeral_key: expect.stringMatching(/^ek_live_/) });
    expect((await call('GET', `/v1/checkouts/${checkout.checkout_id as string}`, live.live)).body.ephemeral_key).toBeNull();
    expect((await call('POST', `/v1/test_helpers/checkouts/${checkout.checkout_id as string}/pay`, live.live, { card: '4242 4242 4242 4242' })).status).toBe(404);

    const unpaid = await call('POST', '/v1/deliveries', live.live, { quote_id: quote.id, checkout_id: checkout.checkout_id, customer });
    expect(unpaid.status).toBe(402);
    expect(unpaid.body.error).toMatchObject({ type: 'payment_error', code: 'checkout_not_paid', param: 'checkout_id' });

    const payingFrom = Date.now();
    await flow.payAsCustomer(live.live, 'live', checkout);
    const created = await call('POST', '/v1/deliveries', live.live, { quote_id: quote.id, checkout_id: checkout.checkout_id, customer });
    expect(created.status).toBe(201);
    // paid_at: when payment-service first learnt of the payment (its event, or the delivery's check), kept once used.
    const used = (await call('GET', `/v1/checkouts/${checkout.checkout_id as string}`, live.live)).body;
    expect([used.status, used.paid_at]).toEqual(['used', expect.any(String)]);
    expect(Date.parse(used.paid_at as string)).toBeGreaterThanOrEqual(payingFrom - 5);
    expect(Date.parse(used.paid_at as string)).toBeLessThanOrEqual(Date.now() + 5);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^del_[0-9A-Za-z]{24}$/),
      mode: 'live',
      status: 'created',
      order_id: expect.stringMatching(/^ord_/),
      quote_id: quote.id,
      price: quote.fee,
      tracking_url: expect.any(String),
      payment: { status: 'paid', checkout_id: checkout.checkout_id, amount_charged: 10000 + quote.fee, items_subtotal: 10000, service_fee: 1000, developer_net: 9000 },
    });
  });

  it('refuses every broken delivery funding: no checkout live, another quote, unknown, already used', async () => {
    const live = await system.registerMerchant('Refusals Co');
    const quote = await flow.quote(live.live);
    const missing = await call('POST', '/v1/deliveries', live.live, { quote_id: quote.id, customer });
    expect([missing.status, missing.body.error?.code, missing.body.error?.param]).toEqual([400, 'missing_checkout', 'checkout_id']);

    const first = await paidCheckout(connected.test);
    const otherQuote = await flow.quote(connected.test);
    const mismatch = await call('POST', '/v1/deliveries', connected.test, { quote_id: otherQuote.id, checkout_id: first.checkout.checkout_id, customer });
    expect([mismatch.status, mismatch.body.error?.code, mismatch.body.error?.param]).toEqual([400, 'parameter_invalid', 'checkout_id']);
    const unknown = await call('POST', '/v1/deliveries', connected.test, { quote_id: otherQuote.id, checkout_id: 'chk_doesnotexist', customer });
    expect([unknown.status, unknown.body.error?.code, unknown.body.error?.param]).toEqual([404, 'resource_missing', 'checkout_id']);
    const fromOtherMode = await call('POST', '/v1/deliveries', connected.live, { quote_id: otherQuote.id, checkout_id: first.checkout.checkout_id, customer });
    expect(fromOtherMode.status).toBe(404);

    expect((await call('POST', '/v1/deliveries', connected.test, { quote_id: first.quoteId, checkout_id: first.checkout.checkout_id, customer })).status).toBe(201);
    // Its quote is used with it: the quote's refusal comes first (two racing creations meet checkout_already_used).
    const again = await call('POST', '/v1/deliveries', connected.test, { quote_id: first.quoteId, checkout_id: first.checkout.checkout_id, customer });
    expect([again.status, again.body.error?.code]).toEqual([409, 'quote_already_used']);
    // The refused mismatch left the other quote usable.
    expect((await call('POST', '/v1/deliveries', connected.test, { quote_id: otherQuote.id, customer })).status).toBe(201);
  });

  it('validates checkout creation: fields, quotes, idempotency', async () => {
    const quote = await flow.quote(connected.test);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ quote_id: quote.id, items_subtotal: -1 }, 'items_subtotal'],
      [{ quote_id: quote.id, items_subtotal: 12.5 }, 'items_subtotal'],
      [{ quote_id: quote.id, success_url: 'ftp://shop.example/x' }, 'success_url'],
      [{ quote_id: quote.id, cancel_url: '/relative' }, 'cancel_url'],
      [{ quote_id: quote.id, customer: { email: 'not-an-email' } }, 'customer.email'],
      [{ quote_id: quote.id, stripe_version: 'latest' }, 'stripe_version'],
      [{ quote_id: quote.id, surprise: true }, 'surprise'],
      [{}, 'quote_id'],
    ];
    for (const [body, param] of cases) {
      const refused = await call('POST', '/v1/checkouts', connected.test, body);
      expect([refused.status, refused.body.error?.param]).toEqual([400, param]);
    }
    expect((await call('POST', '/v1/checkouts', connected.test, { quote_id: 'qt_nope' })).status).toBe(404);
    const stranger = await system.registerMerchant('Stranger Co');
    expect((await call('POST', '/v1/checkouts', stranger.test, { quote_id: quote.id })).status).toBe(404);

    const headers = { 'Idempotency-Key': `chk-${Date.now()}` };
    const send = (body: unknown) =>
      fetch(`${system.baseUrl}/v1/checkouts`, {
        method: 'POST',
        headers: { ...headers, authorization: `Bearer ${connected.test}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const first = await send({ quote_id: quote.id, items_subtotal: 100 });
    const firstText = await first.text();
    const replay = await send({ quote_id: quote.id, items_subtotal: 100 });
    expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([201, null]);
    expect([replay.status, replay.headers.get('idempotent-replayed'), await replay.text()]).toEqual([201, 'true', firstText]);
    const reused = await send({ quote_id: quote.id, items_subtotal: 200 });
    expect(reused.status).toBe(422);

    const used = await paidCheckout(connected.test);
    expect((await call('POST', '/v1/deliveries', connected.test, { quote_id: used.quoteId, checkout_id: used.checkout.checkout_id, customer })).status).toBe(201);
    const forUsedQuote = await call('POST', '/v1/checkouts', connected.test, { quote_id: used.quoteId });
    expect([forUsedQuote.status, forUsedQuote.body.error?.code]).toEqual([409, 'quote_already_used']);
  });

  it('pays with the test helper: a declined card stays payable, an unknown card is refused', async () => {
    const quote = await flow.quote(connected.test);
    const checkout = await flow.checkout(connected.test, { quote_id: quote.id, items_subtotal: 500 });
    const path = `/v1/test_helpers/checkouts/${checkout.checkout_id as string}/pay`;
    const declined = await call('POST', path, connected.test, { card: '4000 0000 0000 0002' });
    expect([declined.status, declined.body.error?.type, declined.body.error?.code]).toEqual([402, 'payment_error', 'card_declined']);
    expect((await call('GET', `/v1/checkouts/${checkout.checkout_id as string}`, connected.test)).body.status).toBe('failed');
    const notATestCard = await call('POST', path, connected.test, { card: '5555 5555 5555 4444' });
    expect([notATestCard.status, notATestCard.body.error?.param]).toEqual([400, 'card']);
    expect((await call('POST', path, connected.test, { card: '4242 4242 4242 4242' })).body.status).toBe('paid');
    const twice = await call('POST', path, connected.test, { card: '4242 4242 4242 4242' });
    expect([twice.status, twice.body.error?.code]).toEqual([409, 'checkout_not_payable']);
  });

  it('cancels checkouts: unpaid ones cannot be paid any more, paid unused ones are refunded in full, used ones refuse', async () => {
    const open = await flow.checkout(connected.test, { quote_id: (await flow.quote(connected.test)).id });
    const cancelledOpen = await call('POST', `/v1/checkouts/${open.checkout_id as string}/cancel`, connected.test);
    expect([cancelledOpen.status, cancelledOpen.body.status]).toEqual([200, 'cancelled']);
    expect((await call('POST', `/v1/checkouts/${open.checkout_id as string}/cancel`, connected.test)).body.status).toBe('cancelled');

    const paid = await paidCheckout(connected.test, 1200);
    const cancelledPaid = await call('POST', `/v1/checkouts/${paid.checkout.checkout_id as string}/cancel`, connected.test);
    expect(cancelledPaid.body.status).toBe('cancelled');
    const refunds = await flow.processor('test').refunds.list({ payment_intent: paid.checkout.payment_intent_id as string });
    expect(refunds.data.map((r) => r.amount)).toEqual([1200 + paid.fee]);
    const fund = await call('POST', '/v1/deliveries', connected.test, { quote_id: paid.quoteId, checkout_id: paid.checkout.checkout_id, customer });
    expect([fund.status, fund.body.error?.code]).toEqual([402, 'checkout_not_paid']);

    const used = await paidCheckout(connected.test);
    expect((await call('POST', '/v1/deliveries', connected.test, { quote_id: used.quoteId, checkout_id: used.checkout.checkout_id, customer })).status).toBe(201);
    const refused = await call('POST', `/v1/checkouts/${used.checkout.checkout_id as string}/cancel`, connected.test);
    expect([refused.status, refused.body.error?.code]).toEqual([409, 'checkout_not_cancellable']);
  });

  it('refunds a cancelled delivery in full and a failed one its items subtotal, once each, with no transfer', async () => {
    const processor = flow.processor('test');
    const toCancel = await paidCheckout(connected.test, 3000);
    const cancelled = await call('POST', '/v1/deliveries', connected.test, { quote_id: toCancel.quoteId, checkout_id: toCancel.checkout.checkout_id, customer });
    expect((await call('POST', `/v1/deliveries/${cancelled.body.id as string}/cancel`, connected.test)).body.status).toBe('cancelled');

    const toFail = await paidCheckout(connected.test, 4000);
    const failing = await call('POST', '/v1/deliveries', connected.test, { quote_id: toFail.quoteId, checkout_id: toFail.checkout.checkout_id, customer });
    await advanceTo(connected.test, failing.body.id as string, ['pending', 'driver_assigned', 'failed']);

    const refundsOf = async (intent: unknown) => (await processor.refunds.list({ payment_intent: intent as string })).data;
    const cancelRefunds = await waitFor(
      async () => {
        const found = await refundsOf(toCancel.checkout.payment_intent_id);
        return found.length > 0 ? found : undefined;
      },
      20_000,
      100,
    );
    const failRefunds = await waitFor(
      async () => {
        const found = await refundsOf(toFail.checkout.payment_intent_id);
        return found.length > 0 ? found : undefined;
      },
      20_000,
      100,
    );
    expect(cancelRefunds.map((r) => r.amount)).toEqual([3000 + toCancel.fee]);
    expect(failRefunds.map((r) => r.amount)).toEqual([4000]);
    const payouts = await payoutsOf(connected.test);
    expect(payouts.filter((p) => p.delivery_id === cancelled.body.id || p.delivery_id === failing.body.id)).toEqual([]);
  });

  it('transfers once when the delivered event is offered twice', async () => {
    const funded = await paidCheckout(connected.test, 1000);
    const delivery = await call('POST', '/v1/deliveries', connected.test, { quote_id: funded.quoteId, checkout_id: funded.checkout.checkout_id, customer });
    const deliveryId = delivery.body.id as string;
    await advanceTo(connected.test, deliveryId, ['pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']);
    await waitFor(async () => (await payoutsOf(connected.test)).find((p) => p.delivery_id === deliveryId && p.status === 'paid'), 20_000, 100);

    // The outbox offers the events again, as after a lost acknowledgement.
    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      const schema = `${system.prefix}_deliveries`;
      const reset = await pg.query(`UPDATE "${schema}".outbox_handoffs SET acknowledged_at = NULL WHERE subscriber = $1 AND delivery_id = $2`, [ServiceName.Payment, deliveryId]);
      expect(reset.rowCount).toBeGreaterThan(0);
      await waitFor(
        async () => {
          const { rows } = await pg.query(`SELECT count(*)::int AS open FROM "${schema}".outbox_handoffs WHERE subscriber = $1 AND delivery_id = $2 AND acknowledged_at IS NULL`, [
            ServiceName.Payment,
            deliveryId,
          ]);
          return rows[0].open === 0 ? true : undefined;
        },
        20_000,
        100,
      );
    } finally {
      await pg.end();
    }
    const transfers = (await flow.processor('test').transfers.list({ limit: 100 })).data.filter((t) => t.metadata?.delivery_id === deliveryId);
    expect(transfers.map((t) => t.amount)).toEqual([900]);
    expect((await payoutsOf(connected.test)).filter((p) => p.delivery_id === deliveryId)).toHaveLength(1);
  });

  it('shows the connect status and onboarding link; verifies processor events by signature', async () => {
    const fresh = await system.registerMerchant('Onboarding Co');
    expect((await call('GET', '/v1/merchants/me', fresh.test)).body.connect).toEqual({ status: 'not_connected', charges_enabled: false, payouts_enabled: false });
    const link = await call('POST', '/v1/merchants/connect', fresh.test);
    expect(link.status).toBe(200);
    expect(link.body).toEqual({
      object: 'connect_onboarding',
      url: expect.stringMatching(/\/onboarding\//),
      expires_at: expect.any(String),
      connect: { status: 'pending', charges_enabled: false, payouts_enabled: false },
    });
    const badUrl = await call('POST', '/v1/merchants/connect', fresh.test, { return_url: 'javascript:alert(1)' });
    expect([badUrl.status, badUrl.body.error?.param]).toEqual([400, 'return_url']);

    const forged = await fetch(`${system.baseUrl}/v1/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_forged', type: 'account.updated', livemode: false, data: { object: { id: 'acct_x', charges_enabled: true, payouts_enabled: true } } }),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('signature_invalid');
    const unsigned = await fetch(`${system.baseUrl}/v1/stripe/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(unsigned.status).toBe(400);
    expect((await call('GET', '/v1/merchants/me', fresh.test)).body.connect).toMatchObject({ status: 'pending' });
  });

  it('lists payouts with cursor pagination and refuses a cursor it did not issue', async () => {
    const first = await call('GET', '/v1/payouts?limit=1', connected.test);
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(1);
    expect(first.body.has_more).toBe(true);
    const next = await call('GET', `/v1/payouts?limit=1&cursor=${first.body.next_cursor as string}`, connected.test);
    expect((next.body.data as Array<{ id: string }>)[0].id).not.toBe((first.body.data as Array<{ id: string }>)[0].id);
    const bad = await call('GET', '/v1/payouts?cursor=nonsense', connected.test);
    expect([bad.status, bad.body.error?.param]).toEqual([400, 'cursor']);
    expect((await call('GET', '/v1/payouts', connected.live)).body.data).toEqual([]);
  });
});
