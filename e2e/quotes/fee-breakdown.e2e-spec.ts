import { ServiceName } from '@sdd/contracts';
import { QuoteResource } from '@sdd/public-api';
import { MerchantKeys, TestSystem } from '@sdd/testing';

const PICKUP = '100 King St W, Toronto, ON M5X 1A9';
const DROPOFF = '290 Bremner Blvd, Toronto, ON M5V 3L9';
const customer = { name: 'Amélie Tremblay', phone: '(416) 555-0142' };

const sum = (quote: QuoteResource): number => quote.fee_breakdown.reduce((total, { amount }) => total + amount, 0);
const codes = (quote: QuoteResource): string[] => quote.fee_breakdown.map(({ code }) => code);

describe('explained prices: a quote’s fee_breakdown, and what changed when an expired quote is re-priced', () => {
  const system = new TestSystem();
  let keys: MerchantKeys;

  const call = (method: string, path: string, body?: unknown) => system.request(method, path, { key: keys.test, body });
  const quote = async (body: Record<string, unknown>): Promise<QuoteResource> => {
    const response = await call('POST', '/v1/quotes', { pickup_address: PICKUP, dropoff_address: DROPOFF, ...body });
    expect(response.status).toBe(200);
    return response.body as unknown as QuoteResource;
  };
  const restartQuoteService = async (multiplier: string) => {
    await system.stopApp(ServiceName.Quote);
    await system.startApp(ServiceName.Quote, { PRICE_MULTIPLIER: multiplier });
  };

  beforeAll(async () => {
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Quote, ServiceName.Delivery], env: { RATE_LIMIT_PER_MINUTE: '100000' } });
    keys = await system.registerMerchant('Explained Prices Co');
  }, 60000);
  afterAll(() => system.stop());

  it('itemises a small standard quote as base and distance, summing to its fee, and GET returns what was priced', async () => {
    const created = await quote({});
    expect(created.vehicle).toBe('bike');
    expect(codes(created).slice(0, 2)).toEqual(['base', 'distance']);
    expect(created.fee_breakdown[0]).toEqual({ code: 'base', amount: 500 });
    expect(codes(created)).not.toEqual(expect.arrayContaining(['package_size', 'restricted_goods', 'price_adjustment']));
    expect(sum(created)).toBe(created.fee);
    const fetched = await call('GET', `/v1/quotes/${created.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body.fee_breakdown).toEqual(created.fee_breakdown);
  });

  it('adds the package size and the restricted-goods surcharge when they apply', async () => {
    const created = await quote({ package_size: 'medium', vehicle: 'car', category: 'alcohol' });
    expect(codes(created)).toEqual(expect.arrayContaining(['base', 'distance', 'package_size', 'restricted_goods']));
    expect(created.fee_breakdown).toContainEqual({ code: 'base', amount: 700 });
    expect(created.fee_breakdown).toContainEqual({ code: 'restricted_goods', amount: 300 });
    expect(sum(created)).toBe(created.fee);
  });

  it('refuses a re-priced expired quote naming each part that moved; a quote priced under a multiplier shows its adjustment', async () => {
    const expiring = await quote({});
    expect((await call('POST', `/v1/test_helpers/quotes/${expiring.id}/expire`)).status).toBe(200);

    await restartQuoteService('1.5');
    const refused = await call('POST', '/v1/deliveries', { quote_id: expiring.id, customer });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'quote_price_changed', param: 'quote_id' });
    const newFee = Math.round(expiring.fee * 1.5);
    expect(refused.body.error?.message).toContain(`it was ${expiring.fee} and is now ${newFee}`);
    expect(refused.body.error?.message).toContain(`changed: price_adjustment 0 → ${newFee - expiring.fee}.`);

    const adjusted = await quote({});
    expect(adjusted.fee).toBe(newFee);
    expect(adjusted.fee_breakdown.slice(0, -1)).toEqual(expiring.fee_breakdown);
    expect(adjusted.fee_breakdown.at(-1)).toEqual({ code: 'price_adjustment', amount: newFee - expiring.fee });
    expect(sum(adjusted)).toBe(adjusted.fee);

    // Within 10% the delivery proceeds at the new fee (decisions.md), and its creation answer says what moved.
    await restartQuoteService('1.05');
    const proceeds = await call('POST', '/v1/deliveries', { quote_id: expiring.id, customer });
    expect(proceeds.status).toBe(201);
    const fee = Math.round(expiring.fee * 1.05);
    expect(proceeds.body.fee).toBe(fee);
    expect(proceeds.body.quote_repricing).toEqual({ previous_fee: expiring.fee, fee, changes: [{ code: 'price_adjustment', previous_amount: 0, amount: fee - expiring.fee }] });
    // A quote used in time was not re-priced.
    const fresh = await call('POST', '/v1/deliveries', { quote_id: (await quote({})).id, customer });
    expect([fresh.status, fresh.body.quote_repricing]).toEqual([201, null]);
  }, 90000);
});
