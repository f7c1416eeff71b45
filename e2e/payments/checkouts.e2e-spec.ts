import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, PaymentFlow, TestSystem, waitFor } from '@sdd/testing';

type Json = Record<string, unknown>;

const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };

describe('GET /v1/checkouts (against the local Stripe-compatible server)', () => {
  const system = new TestSystem();
  const flow = new PaymentFlow(system);
  let merchant: MerchantKeys;
  /**
   * Made in this order: open, cancelled, paid; used by a delivery under way; used by a delivery that failed (its
   * items refunded); used by a delivery cancelled (refunded in full).
   */
  const made = { open: '', cancelled: '', paid: '', used: '', partially_refunded: '', refunded: '' };
  const newestFirst = () => [made.refunded, made.partially_refunded, made.used, made.paid, made.cancelled, made.open];
  /** For each checkout paid: the test's clock just before and just after the payment was asked for. */
  const paidWithin = new Map<string, [number, number]>();

  const call = (path: string, key = merchant.test) => system.request('GET', path, { key });
  const ids = (body: Json) => (body.data as Json[]).map((checkout) => checkout.checkout_id);

  async function checkout(itemsSubtotal: number): Promise<{ quoteId: string; id: string }> {
    const quote = await flow.quote(merchant.test);
    const created = await flow.checkout(merchant.test, { quote_id: quote.id, items_subtotal: itemsSubtotal });
    return { quoteId: quote.id, id: created.checkout_id as string };
  }

  /** A paid checkout used by a new delivery: the delivery's id. */
  async function usedCheckout(itemsSubtotal: number, name: 'used' | 'partially_refunded' | 'refunded'): Promise<string> {
    const funded = await checkout(itemsSubtotal);
    made[name] = funded.id;
    await pay(funded.id);
    const delivery = await system.request('POST', '/v1/deliveries', { key: merchant.test, body: { quote_id: funded.quoteId, checkout_id: funded.id, customer } });
    expect(delivery.status).toBe(201);
    return delivery.body.id as string;
  }

  const showsStatus = (id: string, status: string) => waitFor(async () => ((await call(`/v1/checkouts/${id}`)).body.status === status ? true : undefined), 30_000, 200);

  async function pay(id: string): Promise<void> {
    const before = Date.now();
    const paid = await system.request('POST', `/v1/test_helpers/checkouts/${id}/pay`, { key: merchant.test, body: { card: '4242 4242 4242 4242' } });
    expect([paid.status, paid.body.status]).toEqual([200, 'paid']);
    paidWithin.set(id, [before, Date.now()]);
    expect(paid.body.paid_at).toEqual(expect.any(String));
  }

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment],
      env: { RATE_LIMIT_PER_MINUTE: '100000', MONEY_MOVEMENT_INTERVAL_MS: '200', TIMELINE_SPEED: '0.001' },
    });
    merchant = await system.registerMerchant('Checkout List Co');
    await flow.connect(merchant.test);

    made.open = (await checkout(1000)).id;
    made.cancelled = (await checkout(1100)).id;
    expect((await system.request('POST', `/v1/checkouts/${made.cancelled}/cancel`, { key: merchant.test })).body.status).toBe('cancelled');
    made.paid = (await checkout(1200)).id;
    await pay(made.paid);
    await usedCheckout(1300, 'used');
    const failing = await usedCheckout(1400, 'partially_refunded');
    for (const to of ['pending', 'driver_assigned', 'failed']) {
      expect((await system.request('POST', `/v1/test_helpers/deliveries/${failing}/advance`, { key: merchant.test, body: { to } })).body.status).toBe(to);
    }
    const cancelled = await usedCheckout(1500, 'refunded');
    expect((await system.request('POST', `/v1/deliveries/${cancelled}/cancel`, { key: merchant.test })).body.status).toBe('cancelled');
    await showsStatus(made.partially_refunded, 'partially_refunded');
    await showsStatus(made.refunded, 'refunded');
  }, 180000);

  afterAll(async () => {
    await system.stop();
  });

  it('lists the checkouts newest first, each as GET /v1/checkouts/{id} shows it (refunds included)', async () => {
    const list = await call('/v1/checkouts');
    expect(list.status).toBe(200);
    expect(ids(list.body)).toEqual(newestFirst());
    expect(list.body).toMatchObject({ has_more: false, next_cursor: null });
    const [refunded] = list.body.data as Json[];
    const single = (await call(`/v1/checkouts/${made.refunded}`)).body;
    expect(refunded).toEqual(single);
    expect(refunded).toMatchObject({ status: 'refunded', amount_refunded: refunded.amount, ephemeral_key: null });
    expect((refunded.refunds as Json[]).map((refund) => refund.reason)).toEqual(['delivery_cancelled']);
  });

  it('says when each was paid, once: null while unpaid, kept through use and refunds', async () => {
    const shown = new Map(((await call('/v1/checkouts')).body.data as Json[]).map((checkout) => [checkout.checkout_id as string, checkout.paid_at as string | null]));
    expect([shown.get(made.open), shown.get(made.cancelled)]).toEqual([null, null]);
    for (const name of ['paid', 'used', 'partially_refunded', 'refunded'] as const) {
      const [before, after] = paidWithin.get(made[name]) as [number, number];
      const paidAt = Date.parse(shown.get(made[name]) as string);
      // Recorded by payment-service while the payment request was under way (the two clocks are this machine's).
      expect([name, paidAt >= before - 5, paidAt <= after + 5]).toEqual([name, true, true]);
      expect((await call(`/v1/checkouts/${made[name]}`)).body.paid_at).toBe(shown.get(made[name]));
    }
  });

  it('pages with limit and cursor (and its alias starting_after) without repeating or skipping one', async () => {
    const seen: unknown[] = [];
    let cursor: string | null = null;
    do {
      const page: Json = (await call(`/v1/checkouts?limit=3${cursor ? `&cursor=${cursor}` : ''}`)).body;
      seen.push(...ids(page));
      cursor = page.next_cursor as string | null;
      expect(page.has_more).toBe(cursor !== null);
    } while (cursor);
    expect(seen).toEqual(newestFirst());

    const first = (await call('/v1/checkouts?limit=4')).body;
    const alias = (await call(`/v1/checkouts?limit=4&starting_after=${first.next_cursor as string}`)).body;
    expect(ids(alias)).toEqual(newestFirst().slice(4));
  });

  it('filters by the status each checkout shows', async () => {
    for (const status of ['open', 'cancelled', 'paid', 'used', 'partially_refunded', 'refunded'] as const) {
      const list = await call(`/v1/checkouts?status=${status}`);
      expect([status, list.status, ids(list.body), (list.body.data as Json[])[0]?.status]).toEqual([status, 200, [made[status]], status]);
    }
    expect(ids((await call('/v1/checkouts?status=expired')).body)).toEqual([]);
    expect(ids((await call('/v1/checkouts?status=failed')).body)).toEqual([]);
    // The filter pages like the whole list.
    const page = (await call('/v1/checkouts?status=open&limit=1')).body;
    expect([ids(page), page.has_more]).toEqual([[made.open], false]);
  });

  it("shows nothing of another mode's or another merchant's checkouts", async () => {
    expect((await call('/v1/checkouts', merchant.live)).body).toEqual({ data: [], has_more: false, next_cursor: null });
    const other = await system.registerMerchant('Other Co');
    expect((await call('/v1/checkouts', other.test)).body.data).toEqual([]);
    const cursor = (await call('/v1/checkouts?limit=1')).body.next_cursor as string;
    expect((await call(`/v1/checkouts?cursor=${cursor}`, other.test)).body.data).toEqual([]);
  });

  it('answers bad parameters with a 400 naming the field', async () => {
    const cases: Array<[string, string]> = [
      ['/v1/checkouts?limit=0', 'limit'],
      ['/v1/checkouts?limit=101', 'limit'],
      ['/v1/checkouts?limit=ten', 'limit'],
      ['/v1/checkouts?status=settled', 'status'],
      ['/v1/checkouts?cursor=nonsense', 'cursor'],
    ];
    for (const [path, param] of cases) {
      const answer = await call(path);
      expect([path, answer.status, answer.body.error?.type, answer.body.error?.param]).toEqual([path, 400, 'invalid_request_error', param]);
      expect(answer.body.error?.message).toEqual(expect.any(String));
    }
    // A cursor of another list (refunds) is not one of ours either.
    const refundsCursor = Buffer.from(JSON.stringify([new Date().toISOString(), 'rf_abc'])).toString('base64url');
    expect((await call(`/v1/checkouts?cursor=${refundsCursor}`)).body.error?.param).toBe('cursor');
  });
});
