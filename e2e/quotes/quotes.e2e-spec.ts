import { firstValueFrom } from 'rxjs';
import { ClaimedQuote, LocatedAddress, MerchantScope, Pattern, QuoteRecord, ServiceName } from '@sdd/contracts';
import { LocatedAddressResource, QuoteResource } from '@sdd/public-api';
import { AppError, randomToken } from '@sdd/common';
import { BusClient } from '@sdd/bus';
import { MerchantKeys, testEnv, TestSystem } from '@sdd/testing';

const TORONTO_PICKUP = '100 King St W, Toronto, ON M5X 1A9';
const TORONTO_DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';

describe('quotes (gateway → quote-service, real Postgres and Redis)', () => {
  const system = new TestSystem();
  let keys: MerchantKeys;
  let scope: MerchantScope;
  let bus: BusClient;

  const call = (method: string, path: string, key: string, body?: unknown) => system.request(method, path, { key, body });

  const quote = async (body: Record<string, unknown>, key = keys.test) => {
    const response = await call('POST', '/v1/quotes', key, body);
    expect(response.status).toBe(200);
    return response.body as unknown as QuoteResource;
  };

  /** The one internal shape of a quote's address, as the bus carries it. */
  const internal = (address: LocatedAddressResource): LocatedAddress => ({
    street: address.street,
    city: address.city,
    province: address.province,
    postalCode: address.postal_code,
    country: address.country,
    lat: address.lat,
    lng: address.lng,
  });

  /** Each claim is made for a delivery of its own unless told otherwise. */
  const claim = (quoteId: string, as: MerchantScope = scope, claimant = `del_test_${randomToken()}`) => bus.request(Pattern.ClaimQuote, { scope: as, quoteId, claimant });

  beforeAll(async () => {
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery, ServiceName.Payment], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    keys = await system.registerMerchant('Quote Test Co');
    const me = (await call('GET', '/v1/merchants/me', keys.test)).body as { merchant: { id: string } };
    scope = { merchantId: me.merchant.id, mode: 'test' };
    bus = new BusClient({ redisUrl: testEnv().redisUrl, prefix: system.prefix, timeoutMs: 10000 });
    await bus.connect();
  }, 60000);

  afterAll(async () => {
    await bus.close();
    await system.stop();
  });

  it('prices a route from real geocoded distance', async () => {
    const created = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF });
    expect(created).toMatchObject({
      id: expect.stringMatching(/^qt_[0-9A-Za-z]{24}$/),
      currency: 'cad',
      package_size: 'small',
      category: 'standard',
      scheduled_at: null,
      pickup: { city: 'Toronto', province: 'ON', postal_code: 'M5X 1A9', country: 'CA' },
      dropoff: { province: 'ON', postal_code: 'M5V 3L9' },
    });
    // A quote's addresses are spelt like every Address of the API, plus coordinates (docs/api.md, "Addresses").
    expect(Object.keys(created.pickup).sort()).toEqual(['city', 'country', 'lat', 'lng', 'postal_code', 'province', 'street']);
    expect(Number.isInteger(created.fee)).toBe(true);
    expect(created.fee).toBeGreaterThan(0);
    expect(created.distance_km).toBeGreaterThan(0.3);
    expect(created.distance_km).toBeLessThan(5);
    expect(Math.round(created.distance_km * 10) / 10).toBe(created.distance_km);
    const validity = Date.parse(created.expires_at) - Date.parse(created.created_at);
    expect(validity).toBe(15 * 60_000);

    const far = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: '5000 Yonge St, Toronto, ON M2N 7E9' });
    expect(far.distance_km).toBeGreaterThan(created.distance_km);
    expect(far.fee).toBeGreaterThan(created.fee);
  });

  it('retrieves a quote, 404 for unknown ids and for another mode, 410 once expired', async () => {
    const created = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF, category: 'alcohol' });
    const fetched = await call('GET', `/v1/quotes/${created.id}`, keys.test);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(created);

    expect((await call('GET', '/v1/quotes/qt_doesnotexist', keys.test)).status).toBe(404);
    const otherMode = await call('GET', `/v1/quotes/${created.id}`, keys.live);
    expect(otherMode.status).toBe(404);
    expect(otherMode.body.error).toMatchObject({ code: 'resource_missing' });

    expect((await call('POST', `/v1/test_helpers/quotes/${created.id}/expire`, keys.live)).status).toBe(404);
    const expired = await call('POST', `/v1/test_helpers/quotes/${created.id}/expire`, keys.test);
    expect(expired.status).toBe(200);
    const gone = await call('GET', `/v1/quotes/${created.id}`, keys.test);
    expect(gone.status).toBe(410);
    expect(gone.body.error).toMatchObject({ type: 'invalid_request_error', code: 'quote_expired' });
  });

  it.each([
    ['an address that cannot be located', { pickup_address: 'Nowhereville, ZZ', dropoff_address: TORONTO_DROPOFF }, 'address_not_found', 'pickup_address'],
    ['an unknown dropoff', { pickup_address: TORONTO_PICKUP, dropoff_address: 'asdf qwerty' }, 'address_not_found', 'dropoff_address'],
    ['a bike for a large package', { pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF, package_size: 'large', vehicle: 'bike' }, 'parameter_invalid', 'vehicle'],
    ['an unknown package size', { pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF, package_size: 'huge' }, 'parameter_invalid', 'package_size'],
    ['an unknown category', { pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF, category: 'tobacco' }, 'parameter_invalid', 'category'],
    ['a past scheduled_at', { pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF, scheduled_at: '2020-01-01T00:00:00Z' }, 'parameter_invalid', 'scheduled_at'],
    [
      'a scheduled_at beyond 30 days',
      { pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF, scheduled_at: new Date(Date.now() + 31 * 86400_000).toISOString() },
      'parameter_invalid',
      'scheduled_at',
    ],
    ['a scheduled_at that is not a date', { pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF, scheduled_at: 'tomorrow' }, 'parameter_invalid', 'scheduled_at'],
    ['a missing dropoff', { pickup_address: TORONTO_PICKUP }, 'parameter_missing', 'dropoff_address'],
  ])('rejects %s', async (_name, body, code, param) => {
    const response = await call('POST', '/v1/quotes', keys.test, body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code, param });
  });

  it('accepts a scheduled quote within 30 days', async () => {
    const at = new Date(Date.now() + 2 * 86400_000).toISOString();
    const created = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF, scheduled_at: at });
    expect(created.scheduled_at).toBe(at);
  });

  it('lets exactly one of 50 concurrent claims win, with the route the delivery keeps', async () => {
    const created = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => claim(created.id)));
    const won = results.filter((r): r is PromiseFulfilledResult<ClaimedQuote> => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(won[0].value).toMatchObject({
      quote_id: created.id,
      fee: created.fee,
      currency: 'cad',
      category: 'standard',
      pickup: internal(created.pickup),
      dropoff: internal(created.dropoff),
      repricing: null,
    });
    expect(lost).toHaveLength(49);
    for (const { reason } of lost) {
      expect(reason).toBeInstanceOf(AppError);
      expect((reason as AppError).toPayload()).toMatchObject({ status: 409, code: 'quote_already_used' });
    }
  });

  it('lets the delivery that claimed a quote claim it again (its retry), and no other', async () => {
    const created = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF });
    const first = await claim(created.id, scope, 'del_test_retrying');
    const again = await claim(created.id, scope, 'del_test_retrying');
    expect(again).toMatchObject({ quote_id: created.id, fee: first.fee });
    const other = (await claim(created.id).catch((e: unknown) => e)) as AppError;
    expect(other.toPayload()).toMatchObject({ status: 409, code: 'quote_already_used' });
  });

  it('does not let another merchant or mode claim a quote', async () => {
    const created = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF });
    const error = (await claim(created.id, { ...scope, mode: 'live' }).catch((e: unknown) => e)) as AppError;
    expect(error.toPayload()).toMatchObject({ status: 404, code: 'resource_missing' });
    expect((await claim(created.id)).quote_id).toBe(created.id);
  });

  it('re-prices an expired quote: the same price proceeds, a drift over 10% is refused with both fees', async () => {
    const same = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF });
    const drifting = await quote({ pickup_address: TORONTO_PICKUP, dropoff_address: TORONTO_DROPOFF });
    await call('POST', `/v1/test_helpers/quotes/${same.id}/expire`, keys.test);
    await call('POST', `/v1/test_helpers/quotes/${drifting.id}/expire`, keys.test);

    const claimed = await claim(same.id);
    expect(claimed).toMatchObject({ quote_id: same.id, fee: same.fee, repricing: null });

    // Rates change (an operator raises prices 50%) while the quote sits expired.
    await system.stopApp(ServiceName.Quote);
    await system.startApp(ServiceName.Quote, { PRICE_MULTIPLIER: '1.5' });
    const error = (await claim(drifting.id).catch((e: unknown) => e)) as AppError;
    expect(error.toPayload()).toMatchObject({ status: 409, code: 'quote_price_changed' });
    expect(error.message).toContain(String(drifting.fee));
    expect(error.message).toContain(String(Math.round(drifting.fee * 1.5)));

    await system.stopApp(ServiceName.Quote);
    await system.startApp(ServiceName.Quote, { PRICE_MULTIPLIER: '1.05' });
    const small = await claim(drifting.id);
    expect(small.fee).toBe(Math.round(drifting.fee * 1.05));
    expect(small.repricing).toEqual({
      previousFee: drifting.fee,
      fee: small.fee,
      changes: [{ code: 'price_adjustment', previousAmount: 0, amount: small.fee - drifting.fee }],
    });
  }, 60000);

  it('quote-service checks a CreateQuote message itself: over-long or ill-formed addresses get a 400 at once', async () => {
    const create = async (override: Record<string, unknown>) => {
      const started = performance.now();
      const request = { scope, pickupAddress: TORONTO_PICKUP, dropoffAddress: TORONTO_DROPOFF, packageSize: 'small', category: 'standard', ...override };
      // The untyped send on purpose: these payloads are what the contract's types forbid.
      const error = await firstValueFrom(bus.send<QuoteRecord>(Pattern.CreateQuote, request)).then(
        () => undefined,
        (failure: unknown) => failure,
      );
      return { elapsedMs: performance.now() - started, error: error instanceof AppError ? error.toPayload() : error };
    };
    const overLong = await create({ pickupAddress: `1 a${', '.repeat(50_000)} x, ON` });
    expect(overLong.error).toMatchObject({ status: 400, code: 'parameter_invalid', param: 'pickup_address' });
    expect(overLong.elapsedMs).toBeLessThan(2000);
    expect((await create({ dropoffAddress: '290 Bremner Blvd\ud800, Toronto, ON M5V 3L9' })).error).toMatchObject({
      status: 400,
      code: 'parameter_invalid',
      param: 'dropoff_address',
    });
    expect((await create({ pickupAddress: ['100 King St W'] })).error).toMatchObject({ status: 400, param: 'pickupAddress' });
  });
});
