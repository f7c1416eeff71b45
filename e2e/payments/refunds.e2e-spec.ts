import { Client } from 'pg';
import Stripe from 'stripe';
import { ServiceName } from '@sdd/contracts';
import { verifyWebhook } from '@sdd/signing';
import { MerchantKeys, PaymentFlow, testEnv, TestSystem, waitFor, WebhookReceiver } from '@sdd/testing';

/** Short enough for a test to watch a checkout expire, long enough to pay one first. */
const CHECKOUT_VALIDITY_MS = 8000;
/** The simulated timeline barely moves, so a delivery's status is the one a test gives it. */
const TIMELINE_SPEED = '0.001';
/** What tools/infra/stripe-local-env.js signs test-mode processor events with. */
const STRIPE_TEST_WEBHOOK_SECRET = 'whsec_local_test';

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };

type Json = Record<string, unknown>;

describe('refunds and loose ends of payments (against the local Stripe-compatible server)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let receiver: WebhookReceiver;
  let merchant: MerchantKeys;
  let webhookSecret: string;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  async function checkout(itemsSubtotal: number): Promise<{ quoteId: string; fee: number; checkout: Json }> {
    const quote = await flow.quote(merchant.test);
    return { quoteId: quote.id, fee: quote.fee, checkout: await flow.checkout(merchant.test, { quote_id: quote.id, items_subtotal: itemsSubtotal }) };
  }

  async function pay(checkoutId: string): Promise<Json> {
    const paid = await call('POST', `/v1/test_helpers/checkouts/${checkoutId}/pay`, merchant.test, { card: '4242 4242 4242 4242' });
    expect([paid.status, paid.body.status]).toEqual([200, 'paid']);
    return paid.body;
  }

  async function refunds(): Promise<Json[]> {
    const page = await call('GET', '/v1/refunds?limit=100', merchant.test);
    expect(page.status).toBe(200);
    return page.body.data as Json[];
  }

  const refundOf = (match: (refund: Json) => boolean) => waitFor(async () => (await refunds()).find((refund) => match(refund) && refund.status === 'succeeded'), 30_000, 200);

  const getCheckout = async (id: unknown) => (await call('GET', `/v1/checkouts/${id as string}`, merchant.test)).body;

  /** Waits until the clock is past the checkout's expiry, without reading it through the API (a read changes nothing, but says nothing either). */
  async function pastExpiry(created: Json): Promise<void> {
    const expiresAt = Date.parse(created.expires_at as string);
    await waitFor(async () => (Date.now() > expiresAt + 200 ? true : undefined), CHECKOUT_VALIDITY_MS + 5000, 100);
  }

  beforeAll(async () => {
    receiver = await WebhookReceiver.start({ reply: () => ({ status: 200 }) });
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment, ServiceName.Webhook],
      env: {
        RATE_LIMIT_PER_MINUTE: '100000',
        MONEY_MOVEMENT_INTERVAL_MS: '200',
        TIMELINE_SPEED,
        CHECKOUT_VALIDITY_MS: String(CHECKOUT_VALIDITY_MS),
        // No expiry pass during the first tests: a payment can arrive for an expired checkout before anything closed it.
        CHECKOUT_EXPIRY_INTERVAL_MS: '3600000',
        WEBHOOK_ALLOWED_HOSTS: 'localhost',
        NODE_EXTRA_CA_CERTS: receiver.caFile,
      },
    });
    merchant = await system.registerMerchant('Refunds Co');
    await flow.connect(merchant.test);
    const webhook = await call('POST', '/v1/webhooks', merchant.test, { url: receiver.url('/refunds'), events: ['delivery.refunded'] });
    expect(webhook.status).toBe(201);
    webhookSecret = webhook.body.secret as string;
  }, 120000);

  afterAll(async () => {
    await system.stop();
    await receiver.close();
  });

  it('shows a cancelled paid delivery refunded in full: on the delivery, the checkout, GET /v1/refunds, and as delivery.refunded', async () => {
    const funded = await checkout(3000);
    const checkoutId = funded.checkout.checkout_id as string;
    await pay(checkoutId);
    const created = await call('POST', '/v1/deliveries', merchant.test, { quote_id: funded.quoteId, checkout_id: checkoutId, customer });
    expect(created.status).toBe(201);
    const deliveryId = created.body.id as string;
    expect((await call('POST', `/v1/deliveries/${deliveryId}/cancel`, merchant.test)).body.status).toBe('cancelled');

    const refund = await refundOf((r) => r.delivery_id === deliveryId);
    expect(refund).toEqual({
      id: expect.stringMatching(/^rf_/),
      delivery_id: deliveryId,
      checkout_id: checkoutId,
      amount: 3000 + funded.fee,
      currency: 'cad',
      reason: 'delivery_cancelled',
      status: 'succeeded',
      processor_refund_id: expect.stringMatching(/^re_/),
      created_at: expect.any(String),
    });
    const atProcessor = await flow.processor('test').refunds.list({ payment_intent: funded.checkout.payment_intent_id as string });
    expect(atProcessor.data.map((r) => [r.id, r.amount])).toEqual([[refund.processor_refund_id, 3000 + funded.fee]]);

    expect(await getCheckout(checkoutId)).toMatchObject({ status: 'refunded', delivery_id: deliveryId, amount_refunded: 3000 + funded.fee, refunds: [refund] });
    const delivery = await waitFor(
      async () => {
        const current = await call('GET', `/v1/deliveries/${deliveryId}`, merchant.test);
        return current.body.refund ? current.body : undefined;
      },
      30_000,
      200,
    );
    expect(delivery).toMatchObject({ status: 'cancelled', refund });

    await receiver.waitFor((received) => received.some((request) => request.rawBody.includes(deliveryId)), 30_000);
    const [sent] = receiver.received.filter((request) => request.rawBody.includes(deliveryId));
    expect(verifyWebhook(sent.rawBody, String(sent.headers['service-signature']), webhookSecret).valid).toBe(true);
    expect(JSON.parse(sent.rawBody)).toMatchObject({ type: 'delivery.refunded', data: { id: deliveryId, status: 'cancelled', refund } });
    const events = await call('GET', `/v1/events?delivery_id=${deliveryId}`, merchant.test);
    const types = (events.body.data as Json[]).map((event) => event.type);
    expect(types.filter((type) => type === 'delivery.refunded')).toHaveLength(1);
  });

  it("records a delivery's refund and its delivery.refunded once when payment-service reports it again", async () => {
    const funded = await checkout(2000);
    const checkoutId = funded.checkout.checkout_id as string;
    await pay(checkoutId);
    const deliveryId = (await call('POST', '/v1/deliveries', merchant.test, { quote_id: funded.quoteId, checkout_id: checkoutId, customer })).body.id as string;
    await call('POST', `/v1/deliveries/${deliveryId}/cancel`, merchant.test);
    await waitFor(async () => ((await call('GET', `/v1/deliveries/${deliveryId}`, merchant.test)).body.refund ? true : undefined), 30_000, 200);

    // As after a lost answer: payment-service has not seen delivery-service record it, and reports it again.
    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      const table = `"${system.prefix}_payments".money_movements`;
      const reset = await pg.query(`UPDATE ${table} SET announced_at = NULL WHERE delivery_id = $1 AND kind = 'refund'`, [deliveryId]);
      expect(reset.rowCount).toBe(1);
      await waitFor(
        async () => {
          const { rows } = await pg.query(`SELECT announced_at FROM ${table} WHERE delivery_id = $1 AND kind = 'refund'`, [deliveryId]);
          return rows[0].announced_at ? true : undefined;
        },
        30_000,
        100,
      );
      // delivery-service answered the second report after its commit: a second event would be in its outbox now.
      const { rows } = await pg.query(`SELECT type FROM "${system.prefix}_deliveries".outbox_events WHERE delivery_id = $1 ORDER BY sequence`, [deliveryId]);
      expect(rows.map((row: { type: string }) => row.type)).toEqual(['delivery.created', 'delivery.cancelled', 'delivery.refunded']);
    } finally {
      await pg.end();
    }
    expect((await refunds()).filter((refund) => refund.delivery_id === deliveryId)).toHaveLength(1);
  });

  it('shows a failed delivery partially refunded (its items subtotal), the delivery fee kept', async () => {
    const funded = await checkout(4000);
    const checkoutId = funded.checkout.checkout_id as string;
    await pay(checkoutId);
    const created = await call('POST', '/v1/deliveries', merchant.test, { quote_id: funded.quoteId, checkout_id: checkoutId, customer });
    const deliveryId = created.body.id as string;
    for (const to of ['pending', 'driver_assigned', 'failed']) {
      expect((await call('POST', `/v1/test_helpers/deliveries/${deliveryId}/advance`, merchant.test, { to })).body.status).toBe(to);
    }
    const refund = await refundOf((r) => r.delivery_id === deliveryId);
    expect(refund).toMatchObject({ amount: 4000, reason: 'delivery_failed', checkout_id: checkoutId });
    expect(await getCheckout(checkoutId)).toMatchObject({ status: 'partially_refunded', amount_refunded: 4000, refunds: [refund] });
    await waitFor(async () => ((await call('GET', `/v1/deliveries/${deliveryId}`, merchant.test)).body.refund ? true : undefined), 30_000, 200);
  });

  it('lists refunds with cursor pagination, scoped to the mode, and refuses a cursor it did not issue', async () => {
    const first = await call('GET', '/v1/refunds?limit=1', merchant.test);
    expect([first.status, (first.body.data as Json[]).length, first.body.has_more]).toEqual([200, 1, true]);
    const next = await call('GET', `/v1/refunds?limit=1&cursor=${first.body.next_cursor as string}`, merchant.test);
    expect((next.body.data as Json[])[0].id).not.toBe((first.body.data as Json[])[0].id);
    const bad = await call('GET', '/v1/refunds?cursor=nonsense', merchant.test);
    expect([bad.status, bad.body.error?.code, bad.body.error?.param]).toEqual([400, 'parameter_invalid', 'cursor']);
    expect((await call('GET', '/v1/refunds', merchant.live)).body.data).toEqual([]);
    expect((await call('GET', '/v1/refunds', (await system.registerMerchant('Other Co')).test)).body.data).toEqual([]);
  });

  it("refuses to dispatch on a payment whose amount or currency is not the checkout's (402 payment_amount_mismatch)", async () => {
    const funded = await checkout(2500);
    const checkoutId = funded.checkout.checkout_id as string;
    // The intent changed at the processor before the customer paid it: the payment succeeds, for the wrong amount.
    await flow.processor('test').paymentIntents.update(funded.checkout.payment_intent_id as string, { amount: 100 });
    await pay(checkoutId);
    const refused = await call('POST', '/v1/deliveries', merchant.test, { quote_id: funded.quoteId, checkout_id: checkoutId, customer });
    expect([refused.status, refused.body.error?.type, refused.body.error?.code, refused.body.error?.param]).toEqual([
      402,
      'payment_error',
      'payment_amount_mismatch',
      'checkout_id',
    ]);

    const otherCurrency = await checkout(2500);
    await flow.processor('test').paymentIntents.update(otherCurrency.checkout.payment_intent_id as string, { currency: 'usd' });
    await pay(otherCurrency.checkout.checkout_id as string);
    const refusedCurrency = await call('POST', '/v1/deliveries', merchant.test, { quote_id: otherCurrency.quoteId, checkout_id: otherCurrency.checkout.checkout_id, customer });
    expect([refusedCurrency.status, refusedCurrency.body.error?.code]).toEqual([402, 'payment_amount_mismatch']);

    // The quote was not used by the refusal: a correctly paid checkout for it still dispatches.
    const fine = await flow.checkout(merchant.test, { quote_id: funded.quoteId, items_subtotal: 2500 });
    await pay(fine.checkout_id as string);
    expect((await call('POST', '/v1/deliveries', merchant.test, { quote_id: funded.quoteId, checkout_id: fine.checkout_id, customer })).status).toBe(201);
  });

  it('answers a signed processor event without data.object with 400, not 500', async () => {
    const send = async (event: Json) => {
      const payload = JSON.stringify(event);
      const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: STRIPE_TEST_WEBHOOK_SECRET });
      const response = await fetch(`${system.baseUrl}/v1/stripe/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        body: payload,
      });
      return { status: response.status, body: (await response.json()) as { error?: Json } };
    };
    const noData = await send({ id: 'evt_no_data', object: 'event', type: 'payment_intent.succeeded', livemode: false });
    expect([noData.status, noData.body.error?.type, noData.body.error?.param]).toEqual([400, 'invalid_request_error', 'data.object']);
    const noObject = await send({ id: 'evt_no_object', object: 'event', type: 'account.updated', livemode: false, data: {} });
    expect([noObject.status, noObject.body.error?.param]).toEqual([400, 'data.object']);
    const noId = await send({ id: 'evt_no_id', object: 'event', type: 'payment_intent.payment_failed', livemode: false, data: { object: { status: 'succeeded' } } });
    expect([noId.status, noId.body.error?.param]).toEqual([400, 'data.object.id']);
    const unknownIntent = await send({
      id: 'evt_unknown_intent',
      object: 'event',
      type: 'payment_intent.succeeded',
      livemode: false,
      data: { object: { id: 'pi_nobody', object: 'payment_intent', status: 'succeeded' } },
    });
    expect(unknownIntent.status).toBe(200);
  });

  it('refunds a payment that arrives after its checkout expired, and shows it', async () => {
    const late = await checkout(1500);
    const checkoutId = late.checkout.checkout_id as string;
    await pastExpiry(late.checkout);
    // The customer pays at the processor after the checkout's validity (a page left open).
    await flow.processor('test').paymentIntents.confirm(late.checkout.payment_intent_id as string, { payment_method: 'pm_card_visa' });

    const refund = await refundOf((r) => r.checkout_id === checkoutId);
    expect(refund).toMatchObject({ delivery_id: null, amount: 1500 + late.fee, currency: 'cad', reason: 'late_payment', processor_refund_id: expect.stringMatching(/^re_/) });
    const atProcessor = await flow.processor('test').refunds.list({ payment_intent: late.checkout.payment_intent_id as string });
    expect(atProcessor.data.map((r) => r.amount)).toEqual([1500 + late.fee]);
    expect(await getCheckout(checkoutId)).toMatchObject({ status: 'expired', amount_refunded: 1500 + late.fee, refunds: [refund] });
    const fund = await call('POST', '/v1/deliveries', merchant.test, { quote_id: late.quoteId, checkout_id: checkoutId, customer });
    expect([fund.status, fund.body.error?.code]).toEqual([402, 'checkout_not_paid']);
  });

  it('records the refund of a cancelled paid checkout among the refunds', async () => {
    const paid = await checkout(1200);
    const checkoutId = paid.checkout.checkout_id as string;
    await pay(checkoutId);
    const cancelled = await call('POST', `/v1/checkouts/${checkoutId}/cancel`, merchant.test);
    expect(cancelled.body).toMatchObject({
      status: 'cancelled',
      amount_refunded: 1200 + paid.fee,
      refunds: [{ reason: 'checkout_cancelled', status: 'succeeded', amount: 1200 + paid.fee }],
    });
    expect((await refunds()).filter((r) => r.checkout_id === checkoutId)).toEqual(cancelled.body.refunds);
  });

  describe('with the expiry pass running', () => {
    /** Unpaid, then paid: both made before the pass starts, so their validity runs out once, while payment-service restarts. */
    let open: Awaited<ReturnType<typeof checkout>>;
    let unused: Awaited<ReturnType<typeof checkout>>;

    beforeAll(async () => {
      open = await checkout(800);
      unused = await checkout(900);
      await pay(unused.checkout.checkout_id as string);
      await system.stopApp(ServiceName.Payment);
      await system.startApp(ServiceName.Payment, { CHECKOUT_EXPIRY_INTERVAL_MS: '300' });
    }, 60000);

    it("cancels an unpaid checkout's PaymentIntent at expiry, so no payment can arrive later", async () => {
      const intentId = open.checkout.payment_intent_id as string;
      await pastExpiry(open.checkout);
      const intent = await waitFor(
        async () => {
          const found = await flow.processor('test').paymentIntents.retrieve(intentId);
          return found.status === 'canceled' ? found : undefined;
        },
        30_000,
        200,
      );
      expect(intent.cancellation_reason).toBe('abandoned');
      await expect(flow.processor('test').paymentIntents.confirm(intentId, { payment_method: 'pm_card_visa' })).rejects.toMatchObject({ code: 'payment_intent_unexpected_state' });
      expect(await getCheckout(open.checkout.checkout_id)).toMatchObject({ status: 'expired', amount_refunded: 0, refunds: [] });
    });

    it('refunds a paid checkout no delivery used by its expiry', async () => {
      const checkoutId = unused.checkout.checkout_id as string;
      const refund = await refundOf((r) => r.checkout_id === checkoutId);
      expect(refund).toMatchObject({ delivery_id: null, amount: 900 + unused.fee, reason: 'checkout_expired' });
      expect(await getCheckout(checkoutId)).toMatchObject({ status: 'expired', amount_refunded: 900 + unused.fee });
      const atProcessor = await flow.processor('test').refunds.list({ payment_intent: unused.checkout.payment_intent_id as string });
      expect(atProcessor.data.map((r) => r.amount)).toEqual([900 + unused.fee]);
      const fund = await call('POST', '/v1/deliveries', merchant.test, { quote_id: unused.quoteId, checkout_id: checkoutId, customer });
      expect([fund.status, fund.body.error?.code]).toEqual([402, 'checkout_not_paid']);
    });
  });
});
