import { Client } from 'pg';
import { firstValueFrom } from 'rxjs';
import { ErrorPayload, MerchantScope, Pattern } from '@sdd/contracts';
import { AppError } from '@sdd/common';
import { BusClient } from '../src';
import { MerchantKeys, testEnv, TestSystem } from '@sdd/testing';

const PICKUP = '100 King St W, Toronto, ON M5X 1A9';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const recipient = { name: 'Ada', phone: '+14165550142', email: null };

/**
 * Every service checks what arrives on the bus against the contracts'
 * message classes: a malformed message sent straight onto the bus (not
 * through the gateway) gets a 400 reply naming the field, and nothing of it
 * is stored or changed.
 */
describe('bus payloads are checked by every service (malformed messages straight onto the bus)', () => {
  const system = new TestSystem();
  const pg = new Client({ connectionString: testEnv().databaseUrl });
  let keys: MerchantKeys;
  let scope: MerchantScope;
  let bus: BusClient;

  const count = async (schema: string, table: string): Promise<number> => Number((await pg.query(`SELECT count(*) AS n FROM "${system.prefix}_${schema}".${table}`)).rows[0].n);

  async function refusal(pattern: Pattern, payload: unknown): Promise<ErrorPayload> {
    const outcome = await firstValueFrom(bus.send(pattern, payload)).then(
      (response) => ({ response }),
      (error: unknown) => ({ error }),
    );
    if (!('error' in outcome)) throw new Error(`${pattern} answered ${JSON.stringify(outcome.response)} to a malformed message`);
    expect(outcome.error).toBeInstanceOf(AppError);
    return (outcome.error as AppError).toPayload();
  }

  async function newQuote(): Promise<string> {
    const response = await system.request('POST', '/v1/quotes', { key: keys.test, body: { pickup_address: PICKUP, dropoff_address: DROPOFF } });
    expect(response.status).toBe(200);
    return response.body.id as string;
  }

  beforeAll(async () => {
    await system.start({ env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    keys = await system.registerMerchant('Bus Payload Co');
    const me = await system.request('GET', '/v1/merchants/me', { key: keys.test });
    scope = { merchantId: (me.body.merchant as { id: string }).id, mode: 'test' };
    bus = new BusClient({ redisUrl: testEnv().redisUrl, prefix: system.prefix, timeoutMs: 10_000 });
    await bus.connect();
    await pg.connect();
  }, 120_000);

  afterAll(async () => {
    await bus?.close();
    await pg.end();
    await system.stop();
  });

  it('quote-service refuses a quote without scope or with a mode that does not exist, and stores none', async () => {
    const before = await count('quotes', 'quotes');
    const body = { pickupAddress: PICKUP, dropoffAddress: DROPOFF, packageSize: 'small', category: 'standard' };
    expect(await refusal(Pattern.CreateQuote, body)).toMatchObject({ status: 400, code: 'parameter_missing', param: 'scope' });
    expect(await refusal(Pattern.CreateQuote, { ...body, scope: { ...scope, mode: 'prod' } })).toMatchObject({
      status: 400,
      type: 'invalid_request_error',
      code: 'parameter_invalid',
      param: 'scope.mode',
    });
    expect(await count('quotes', 'quotes')).toBe(before);
    // The same message, well formed, is served: the refusals above were about the payload alone.
    await expect(firstValueFrom(bus.send(Pattern.CreateQuote, { ...body, scope }))).resolves.toMatchObject({ id: expect.stringMatching(/^qt_/) });
  });

  it('quote-service refuses a claim by something that is not a delivery, and the quote stays free', async () => {
    const quoteId = await newQuote();
    expect(await refusal(Pattern.ClaimQuote, { scope, quoteId, claimant: 'anyone' })).toMatchObject({ code: 'parameter_invalid', param: 'claimant' });
    const { rows } = await pg.query(`SELECT used_at, claimed_by FROM "${system.prefix}_quotes".quotes WHERE id = $1`, [quoteId]);
    expect(rows[0]).toEqual({ used_at: null, claimed_by: null });
  });

  it('delivery-service refuses a delivery with an unknown field or non-string metadata: no delivery, the quote unclaimed', async () => {
    const quoteId = await newQuote();
    const before = await count('deliveries', 'deliveries');
    const delivery = {
      scope,
      quoteId,
      recipient,
      pickupContact: { name: null, phone: null },
      dropoffNotes: null,
      externalReference: null,
      description: null,
      metadata: {},
    };
    expect(await refusal(Pattern.CreateDelivery, { ...delivery, price: 1 })).toMatchObject({ code: 'parameter_unknown', param: 'price' });
    expect(await refusal(Pattern.CreateDelivery, { ...delivery, metadata: { nested: { deep: true } } })).toMatchObject({
      code: 'parameter_invalid',
      param: 'metadata',
    });
    expect(await refusal(Pattern.CreateDelivery, { ...delivery, recipient: { ...recipient, name: 42 } })).toMatchObject({ param: 'recipient.name' });
    expect(await count('deliveries', 'deliveries')).toBe(before);
    const { rows } = await pg.query(`SELECT claimed_by FROM "${system.prefix}_quotes".quotes WHERE id = $1`, [quoteId]);
    expect(rows[0].claimed_by).toBeNull();
    // The quote is still good for a delivery through the API.
    const created = await system.request('POST', '/v1/deliveries', { key: keys.test, body: { quote_id: quoteId, customer: { name: 'Ada', phone: '(416) 555-0142' } } });
    expect(created.status).toBe(201);
  });

  it('delivery-service refuses a cancel whose id is not a string, and the delivery is not cancelled', async () => {
    const created = await system.request('POST', '/v1/deliveries', { key: keys.test, body: { quote_id: await newQuote(), customer: { name: 'Ada', phone: '(416) 555-0142' } } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await refusal(Pattern.CancelDelivery, { scope, deliveryId: { $ne: null } })).toMatchObject({ code: 'parameter_invalid', param: 'deliveryId' });
    expect(await refusal(Pattern.CancelDelivery, { scope: { merchantId: 7, mode: 'test' }, deliveryId: id })).toMatchObject({ param: 'scope.merchantId' });
    const after = await system.request('GET', `/v1/deliveries/${id}`, { key: keys.test });
    expect(after.body.status).not.toBe('cancelled');
  });

  it('delivery-service refuses a pickup location with an extra nested field, and stores none', async () => {
    const location = {
      name: 'Main store',
      address: { street: '1 Queen St E', city: 'Toronto', province: 'ON', postalCode: 'M5C 2W5', country: 'CA', verified: true },
      phone: '+14165550100',
      licensedFor: ['alcohol'],
      licenseNumber: 'LIC-1',
    };
    expect(await refusal(Pattern.CreatePickupLocation, { scope, location })).toMatchObject({ code: 'parameter_unknown', param: 'location.address.verified' });
    const listed = await system.request('GET', '/v1/merchants/locations', { key: keys.test });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
  });

  it('payment-service refuses an account request in a mode that does not exist', async () => {
    expect(await refusal(Pattern.GetMerchantAccount, { scope: { ...scope, mode: 'prod' } })).toMatchObject({ status: 400, param: 'scope.mode' });
    expect(await refusal(Pattern.CountRecentDeliveries, { scope, since: 'last month' })).toMatchObject({ param: 'since' });
  });

  it('webhook-dispatcher refuses an endpoint carrying a secret of its own choosing, and registers none', async () => {
    const body = { scope, url: 'https://example.com/hook', events: ['*'], description: null };
    expect(await refusal(Pattern.CreateWebhook, { ...body, secret: 'whsec_chosen' })).toMatchObject({ code: 'parameter_unknown', param: 'secret' });
    expect(await refusal(Pattern.CreateWebhook, { ...body, events: 'delivery.created' })).toMatchObject({ param: 'events' });
    const listed = await system.request('GET', '/v1/webhooks', { key: keys.test });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([]);
  });

  it('every service refuses a ping carrying fields', async () => {
    for (const pattern of [Pattern.QuotePing, Pattern.DeliveryPing, Pattern.PaymentPing, Pattern.WebhookPing]) {
      expect(await refusal(pattern, { flush: true })).toMatchObject({ status: 400, code: 'parameter_unknown', param: 'flush' });
    }
  });
});
