import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, testEnv, TestSystem } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142', email: 'amelie@example.ca' };

describe('deliveries (gateway → delivery-service → quote-service)', () => {
  const system = new TestSystem();
  let a: MerchantKeys;
  let b: MerchantKeys;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  const register = () => system.registerMerchant('Delivery Test Co');

  async function quoteId(key: string, extra: Record<string, unknown> = {}): Promise<string> {
    const response = await call('POST', '/v1/quotes', key, { pickup_address: PICKUP, dropoff_address: DROPOFF, ...extra });
    expect(response.status).toBe(200);
    return response.body.id as string;
  }

  async function create(key: string, body: Record<string, unknown> = {}) {
    return call('POST', '/v1/deliveries', key, { quote_id: await quoteId(key), customer, ...body });
  }

  beforeAll(async () => {
    await system.start({
      apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment],
      env: { RATE_LIMIT_PER_MINUTE: '100000', PUBLIC_BASE_URL: 'https://deliver.example' },
    });
    a = await register();
    b = await register();
  }, 60000);
  afterAll(() => system.stop());

  it('creates a test delivery: status simulated, its timeline, the quote price', async () => {
    const quote = (await call('POST', '/v1/quotes', a.test, { pickup_address: PICKUP, dropoff_address: DROPOFF })).body;
    const created = await call('POST', '/v1/deliveries', a.test, { quote_id: quote.id, customer, external_reference: 'order-1001' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.stringMatching(/^del_test_[0-9A-Za-z]{24}$/),
      mode: 'test',
      status: 'simulated',
      quote_id: quote.id,
      price: quote.fee,
      fee: quote.fee,
      currency: 'cad',
      external_reference: 'order-1001',
      category: 'standard',
      tracking_url: expect.stringMatching(/^https:\/\/deliver\.example\/track\/[0-9A-Za-z]{32}$/),
    });
    const timeline = created.body.simulated_timeline as Array<{ status: string; at: string }>;
    expect(timeline.map((s) => s.status)).toEqual(['created', 'pending', 'driver_assigned', 'picked_up', 'in_transit', 'delivered']);
    const offsets = timeline.map((s) => (Date.parse(s.at) - Date.parse(timeline[0].at)) / 1000);
    expect(offsets).toEqual([0, 10, 15, 30, 50, 80]);
  });

  it('retrieves the union of both descriptions, phones in E.164', async () => {
    const created = await call('POST', '/v1/deliveries', a.test, {
      quote_id: await quoteId(a.test),
      dropoff_name: 'Sam Lee',
      dropoff_phone: '604-555-0199',
      pickup_name: 'Queen St Store',
      pickup_phone: '416 555 0120',
      description: 'Two pizzas',
      metadata: { order: '42', gate: 'B' },
      dropoff_notes: 'Buzz 1203',
    });
    expect(created.status).toBe(201);
    const fetched = await call('GET', `/v1/deliveries/${created.body.id}`, a.test);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toMatchObject({
      id: created.body.id,
      mode: 'test',
      status: 'created',
      simulated: true,
      order_id: null,
      description: 'Two pizzas',
      metadata: { order: '42', gate: 'B' },
      dropoff_notes: 'Buzz 1203',
      customer: { name: 'Sam Lee', email: null },
      pickup: { name: 'Queen St Store', phone: '+14165550120', city: 'Toronto', state: 'ON', postalCode: 'M5C 2W5', country: 'CA' },
      dropoff: { name: 'Sam Lee', phone: '+16045550199', postalCode: 'M5V 3L9' },
    });
    expect(typeof (fetched.body.pickup as { lat: number }).lat).toBe('number');
    // The contract's own spelling for a delivery's stops (docs/api.md, "Addresses"): address, state, postalCode.
    const stopKeys = ['address', 'city', 'country', 'lat', 'lng', 'name', 'phone', 'postalCode', 'state'];
    expect(Object.keys(fetched.body.pickup as object).sort()).toEqual(stopKeys);
    expect(Object.keys(fetched.body.dropoff as object).sort()).toEqual(stopKeys);
    expect(fetched.body.pickup).toMatchObject({ address: expect.stringContaining('Queen St') });
    expect(fetched.body).not.toHaveProperty('driver');
    expect(fetched.body.price).toBe(fetched.body.fee);
  });

  it('starts the timeline of a scheduled quote at its scheduled time', async () => {
    const at = new Date(Date.now() + 86400_000).toISOString();
    const id = await quoteId(a.test, { scheduled_at: at });
    const created = await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer });
    expect(created.status).toBe(201);
    expect(created.body.scheduled_at).toBe(at);
    const timeline = created.body.simulated_timeline as Array<{ status: string; at: string }>;
    expect(timeline[0]).toEqual({ status: 'created', at });
    expect(Date.parse(timeline[5].at) - Date.parse(at)).toBe(80_000);
    expect((await call('GET', `/v1/deliveries/${created.body.id}`, a.test)).body.status).toBe('created');
  });

  describe('Idempotency-Key', () => {
    async function post(key: string, body: unknown, idempotencyKey: string) {
      const response = await fetch(`${system.baseUrl}/v1/deliveries`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify(body),
      });
      return { status: response.status, headers: response.headers, text: await response.text() };
    }
    const count = async (key: string) => ((await call('GET', '/v1/deliveries?limit=100&status=simulated', key)).body.data as object[]).length;

    it('replays the stored response byte for byte for the same key and body', async () => {
      const keys = await register();
      const body = { quote_id: await quoteId(keys.test), customer };
      const first = await post(keys.test, body, 'order-1001');
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const again = await post(keys.test, { customer, quote_id: body.quote_id }, 'order-1001');
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(again.text).toBe(first.text);
      expect(await count(keys.test)).toBe(1);
    });

    it('refuses the same key with another body (422) and keeps keys per mode', async () => {
      const keys = await register();
      const id = await quoteId(keys.test);
      expect((await post(keys.test, { quote_id: id, customer }, 'k-1')).status).toBe(201);
      const other = await post(keys.test, { quote_id: id, customer, external_reference: 'x' }, 'k-1');
      expect(other.status).toBe(422);
      expect(JSON.parse(other.text).error).toMatchObject({ type: 'idempotency_error', code: 'idempotency_key_reused' });
      const otherKey = await post(keys.live, { quote_id: 'qt_whatever', customer }, 'k-1');
      expect(otherKey.status).toBe(400);
      expect(JSON.parse(otherKey.text).error.code).toBe('missing_checkout');
    });

    it('does not keep validation failures, and keeps business refusals', async () => {
      const keys = await register();
      const id = await quoteId(keys.test);
      expect((await post(keys.test, { quote_id: id, customer: { name: 'x', phone: '1' } }, 'k-2')).status).toBe(400);
      expect((await post(keys.test, { quote_id: id, customer }, 'k-2')).status).toBe(201);
      const used = await post(keys.test, { quote_id: id, customer }, 'k-3');
      expect(used.status).toBe(409);
      const replay = await post(keys.test, { quote_id: id, customer }, 'k-3');
      expect(replay.status).toBe(409);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.text).toBe(used.text);
    });

    it('creates exactly one delivery from 50 concurrent identical requests', async () => {
      const keys = await register();
      const body = { quote_id: await quoteId(keys.test), customer };
      const responses = await Promise.all(Array.from({ length: 50 }, () => post(keys.test, body, 'burst-1')));
      const statuses = responses.map((r) => r.status);
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      for (const busy of responses.filter((r) => r.status === 409)) {
        expect(JSON.parse(busy.text).error.code).toBe('idempotency_key_in_use');
        expect(busy.headers.get('retry-after')).toBe('1');
      }
      const ids = new Set(responses.filter((r) => r.status === 201).map((r) => JSON.parse(r.text).id));
      expect(ids.size).toBe(1);
      expect(await count(keys.test)).toBe(1);
    });

    it('refuses a malformed key', async () => {
      const response = await post(a.test, { quote_id: 'qt_x', customer }, 'x'.repeat(256));
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text).error).toMatchObject({ code: 'parameter_invalid', param: 'Idempotency-Key' });
    });
  });

  it('uses a quote once', async () => {
    const id = await quoteId(a.test);
    expect((await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer })).status).toBe(201);
    const again = await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'quote_already_used' });
  });

  it('refuses another category than the quote, leaving the quote usable', async () => {
    const id = await quoteId(a.test);
    const mismatch = await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer, category: 'alcohol' });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.error).toMatchObject({ code: 'category_quote_mismatch', param: 'category' });
    expect((await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer, category: 'standard' })).status).toBe(201);
  });

  it('picks up restricted products only at a location licensed for them', async () => {
    const id = await quoteId(a.test, { category: 'alcohol' });
    // Asking for another category is refused before the licence is looked at.
    const standard = await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer, category: 'standard' });
    expect(standard.status).toBe(400);
    expect(standard.body.error).toMatchObject({ code: 'category_quote_mismatch', param: 'category' });
    const refused = await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'pickup_not_licensed' });

    await call('POST', '/v1/merchants/locations', a.test, {
      name: 'Queen St Store',
      address: { street: '1 Queen Street East', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
      phone: '+1 416 555 0120',
      licensed_for: ['cannabis'],
      license_number: 'AGCO-C-1',
    });
    expect((await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer })).body.error).toMatchObject({
      code: 'pickup_not_licensed',
    });

    await call('POST', '/v1/merchants/locations', a.test, {
      name: 'Queen St Store',
      address: { street: '1 Queen Street East', city: 'Toronto', province: 'ON', postal_code: 'M5C 2W5' },
      phone: '+1 416 555 0120',
      licensed_for: ['alcohol'],
      license_number: 'AGCO-A-1',
    });
    const accepted = await call('POST', '/v1/deliveries', a.test, { quote_id: id, customer });
    expect(accepted.status).toBe(201);
    expect(accepted.body.category).toBe('alcohol');
  });

  it('never creates a live delivery nobody paid for', async () => {
    const id = await quoteId(a.live);
    const withoutCheckout = await call('POST', '/v1/deliveries', a.live, { quote_id: id, customer });
    expect(withoutCheckout.status).toBe(400);
    expect(withoutCheckout.body.error).toMatchObject({ code: 'missing_checkout', param: 'checkout_id' });
    // Unpaid checkouts are refused with 402 (payments.e2e-spec); one that does not exist is not found.
    const unknown = await call('POST', '/v1/deliveries', a.live, { quote_id: id, customer, checkout_id: 'chk_unpaid' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'resource_missing', param: 'checkout_id' });
    expect((await call('GET', '/v1/deliveries', a.live)).body.data).toEqual([]);
  });

  it.each([
    ['an invalid phone', { customer: { ...customer, phone: '12345' } }, 'parameter_invalid', 'customer.phone'],
    ['no recipient', { customer: undefined }, 'parameter_missing', 'customer.name'],
    ['21 metadata properties', { metadata: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v'])) }, 'parameter_invalid', 'metadata'],
    ['a non-string metadata value', { metadata: { n: 1 } }, 'parameter_invalid', 'metadata'],
    ['dropoff notes over 500', { dropoff_notes: 'x'.repeat(501) }, 'parameter_invalid', 'dropoff_notes'],
    ['an external reference over 120', { external_reference: 'x'.repeat(121) }, 'parameter_invalid', 'external_reference'],
    ['an unknown field', { tip: 5 }, 'parameter_unknown', 'tip'],
  ])('rejects %s', async (_name, body, code, param) => {
    const response = await create(a.test, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code, param });
  });

  it('404s for an unknown quote, and for deliveries of another mode or merchant', async () => {
    const unknownQuote = await call('POST', '/v1/deliveries', a.test, { quote_id: 'qt_nope', customer });
    expect(unknownQuote.status).toBe(404);
    const created = await create(a.test);
    expect((await call('GET', `/v1/deliveries/${created.body.id}`, a.live)).status).toBe(404);
    expect((await call('GET', `/v1/deliveries/${created.body.id}`, b.test)).status).toBe(404);
    expect((await call('POST', `/v1/deliveries/${created.body.id}/cancel`, b.test)).status).toBe(404);
  });

  it('answers reads made at the same moment each for its own key: read together, matched on merchant and mode too', async () => {
    const mine = await create(a.test);
    const other = await create(b.test);
    const asked = Array.from({ length: 60 }, (_, i) => {
      const [key, id, owned] = [
        [a.test, mine.body.id, true],
        [a.live, mine.body.id, false],
        [b.test, mine.body.id, false],
        [b.test, other.body.id, true],
        [a.test, other.body.id, false],
      ][i % 5] as [string, string, boolean];
      return call('GET', `/v1/deliveries/${id}`, key).then((response) => ({ id, owned, status: response.status, body: response.body }));
    });
    for (const { id, owned, status, body } of await Promise.all(asked)) {
      expect(status).toBe(owned ? 200 : 404);
      if (owned) expect(body.id).toBe(id);
      else expect(body.error).toMatchObject({ code: 'resource_missing' });
    }
  });

  it('lists newest first with a keyset cursor that is stable under inserts', async () => {
    const keys = await register();
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await create(keys.test)).body.id as string);
    const first = await call('GET', '/v1/deliveries?limit=2', keys.test);
    expect(first.status).toBe(200);
    expect((first.body.data as Array<{ id: string }>).map((d) => d.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.has_more).toBe(true);
    expect(Object.keys((first.body.data as object[])[0]).sort()).toEqual(
      ['category', 'created_at', 'currency', 'external_reference', 'id', 'mode', 'order_id', 'price', 'quote_id', 'status', 'updated_at'].sort(),
    );

    await create(keys.test);
    const second = await call('GET', `/v1/deliveries?limit=2&cursor=${first.body.next_cursor}`, keys.test);
    expect((second.body.data as Array<{ id: string }>).map((d) => d.id)).toEqual([ids[2], ids[1]]);
    const third = await call('GET', `/v1/deliveries?limit=2&starting_after=${second.body.next_cursor}`, keys.test);
    expect((third.body.data as Array<{ id: string }>).map((d) => d.id)).toEqual([ids[0]]);
    expect(third.body).toMatchObject({ has_more: false, next_cursor: null });

    const simulated = await call('GET', '/v1/deliveries?status=simulated&limit=100', keys.test);
    expect((simulated.body.data as object[]).length).toBe(6);
    expect((await call('GET', '/v1/merchants/me', keys.test)).body.fee_tier).toEqual({ rate_percent: 10, deliveries_last_30_days: 6, next_tier_at: 100 });
    expect((await call('GET', '/v1/merchants/me', keys.live)).body.fee_tier).toMatchObject({ deliveries_last_30_days: 0 });
    expect((await call('GET', '/v1/deliveries', keys.live)).body).toEqual({ data: [], has_more: false, next_cursor: null });

    const legacy = await call('GET', '/v1/deliveries.list?limit=2', keys.test);
    expect(legacy.status).toBe(200);
    expect(legacy.headers.get('deprecation')).toBe('true');
    expect(legacy.headers.get('sunset')).toBe('Sun, 28 Feb 2027 00:00:00 GMT');
    expect(legacy.headers.get('link')).toContain('</v1/deliveries>');
    expect((legacy.body.data as object[]).length).toBe(2);
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=101', 'limit'],
    ['limit=abc', 'limit'],
    ['status=lost', 'status'],
    ['cursor=not-a-cursor', 'cursor'],
    ['page=2', 'page'],
  ])('rejects the list query %s', async (query, param) => {
    const response = await call('GET', `/v1/deliveries?${query}`, a.test);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ param });
  });

  it('cancels a created delivery once, writing the change and its event together', async () => {
    const created = await create(a.test);
    const cancelled = await call('POST', `/v1/deliveries/${created.body.id}/cancel`, a.test);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id: created.body.id, status: 'cancelled' });
    const again = await call('POST', `/v1/deliveries/${created.body.id}/cancel`, a.test);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(cancelled.body);

    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      const { rows } = await pg.query(
        `SELECT sequence, type, payload->>'status' AS status FROM "${system.prefix}_deliveries".outbox_events WHERE delivery_id = $1 ORDER BY sequence`,
        [created.body.id],
      );
      expect(rows).toEqual([
        { sequence: 1, type: 'delivery.created', status: 'created' },
        { sequence: 2, type: 'delivery.cancelled', status: 'cancelled' },
      ]);
    } finally {
      await pg.end();
    }
  });
});
