import { Client } from 'pg';
import { ServiceName } from '@sdd/contracts';
import { MerchantKeys, testEnv, TestSystem } from '@sdd/testing';

const PICKUP = '1 Queen St E, Toronto, ON M5C 2W5';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };
const DAY = 86400;

describe('GET /v1/deliveries filters: created[gte], created[lte], external_reference', () => {
  const system = new TestSystem();
  let keys: MerchantKeys;
  let other: MerchantKeys;
  /** Creation times, whole Unix seconds, one a day apart from three days ago. */
  const now = Math.floor(Date.now() / 1000);
  const at = [now - 3 * DAY, now - 2 * DAY, now - DAY, now - DAY + 3600, now - DAY + 7200];
  const ids: string[] = [];

  const call = (path: string, key = keys.test) => system.request('GET', path, { key });
  const listed = async (query: string, key = keys.test) => {
    const response = await call(`/v1/deliveries?${query}`, key);
    expect(response.status).toBe(200);
    return (response.body.data as Array<{ id: string }>).map((d) => d.id);
  };

  async function create(key: string, reference: string): Promise<string> {
    const quote = await system.request('POST', '/v1/quotes', { key, body: { pickup_address: PICKUP, dropoff_address: DROPOFF } });
    expect(quote.status).toBe(200);
    const created = await system.request('POST', '/v1/deliveries', { key, body: { quote_id: quote.body.id, customer, external_reference: reference } });
    expect(created.status).toBe(201);
    return created.body.id as string;
  }

  beforeAll(async () => {
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    keys = await system.registerMerchant('Filters Co');
    other = await system.registerMerchant('Other Co');
    for (const reference of ['ORD-1', 'ORD-2', 'ORD-1', 'ord-1', 'ORD-10']) ids.push(await create(keys.test, reference));
    const cancelled = await system.request('POST', `/v1/deliveries/${ids[2]}/cancel`, { key: keys.test });
    expect(cancelled.status).toBe(200);
    await create(other.test, 'ORD-1');
    // The list orders and filters by the stored creation time: spread the five over three days.
    const pg = new Client({ connectionString: testEnv().databaseUrl });
    await pg.connect();
    try {
      for (const [i, id] of ids.entries()) await pg.query(`UPDATE "${system.prefix}_deliveries".deliveries SET created_at = to_timestamp($1) WHERE id = $2`, [at[i], id]);
    } finally {
      await pg.end();
    }
  }, 90000);
  afterAll(() => system.stop());

  it('keeps the deliveries created in the range, both bounds inclusive, newest first', async () => {
    expect(await listed(`created[gte]=${at[1]}`)).toEqual([ids[4], ids[3], ids[2], ids[1]]);
    expect(await listed(`created[lte]=${at[1]}`)).toEqual([ids[1], ids[0]]);
    expect(await listed(`created[gte]=${at[1]}&created[lte]=${at[1]}`)).toEqual([ids[1]]);
    expect(await listed(`created%5Bgte%5D=${at[2]}&created%5Blte%5D=${at[3]}`)).toEqual([ids[3], ids[2]]);
    expect(await listed(`created[gte]=${at[2]}&created[lte]=${at[1]}`)).toEqual([]);
  });

  it('matches external_reference exactly: not by case, not by prefix, only the caller’s own', async () => {
    expect(await listed('external_reference=ORD-1')).toEqual([ids[2], ids[0]]);
    expect(await listed('external_reference=ord-1')).toEqual([ids[3]]);
    expect(await listed('external_reference=ORD')).toEqual([]);
    expect(await listed('external_reference=ORD-1', keys.live)).toEqual([]);
  });

  it('combines the filters with status and with the cursor', async () => {
    expect(await listed('external_reference=ORD-1&status=cancelled')).toEqual([ids[2]]);
    expect(await listed(`external_reference=ORD-1&created[lte]=${at[1]}`)).toEqual([ids[0]]);
    expect(await listed(`status=cancelled&created[lte]=${at[1]}`)).toEqual([]);

    const first = await call(`/v1/deliveries?external_reference=ORD-1&limit=1`);
    expect(first.body).toMatchObject({ data: [{ id: ids[2] }], has_more: true });
    const second = await call(`/v1/deliveries?external_reference=ORD-1&limit=1&cursor=${first.body.next_cursor}`);
    expect(second.body).toMatchObject({ data: [{ id: ids[0] }], has_more: false, next_cursor: null });

    const page = await call(`/v1/deliveries?created[gte]=${at[1]}&limit=3`);
    expect((page.body.data as Array<{ id: string }>).map((d) => d.id)).toEqual([ids[4], ids[3], ids[2]]);
    expect(await listed(`created[gte]=${at[1]}&limit=3&starting_after=${page.body.next_cursor}`)).toEqual([ids[1]]);
  });

  it.each([
    ['created[gte]=yesterday', 'created[gte]'],
    ['created[gte]=1.5', 'created[gte]'],
    ['created[lte]=-1', 'created[lte]'],
    ['created[lte]=253402300800', 'created[lte]'],
    ['created[gt]=1', 'created[gt]'],
    [`external_reference=${'x'.repeat(121)}`, 'external_reference'],
  ])('refuses %s, naming the parameter', async (query, param) => {
    const response = await call(`/v1/deliveries?${query}`);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', param });
  });
});
