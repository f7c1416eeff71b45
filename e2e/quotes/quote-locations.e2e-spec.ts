import { greatCircleKm } from '@sdd/common';
import { ServiceName } from '@sdd/contracts';
import { QuoteResource } from '@sdd/public-api';
import { MerchantKeys, TestSystem } from '@sdd/testing';

/** St. James Park, downtown Toronto: the middle of M5C. */
const ST_JAMES_PARK = { lat: 43.65, lng: -79.375 };

describe('where prices come from: corrected postal-code centroids, and refusal of unreliable ones', () => {
  const system = new TestSystem();
  let keys: MerchantKeys;

  const quote = (pickup: string, dropoff: string) => system.request('POST', '/v1/quotes', { key: keys.test, body: { pickup_address: pickup, dropoff_address: dropoff } });

  beforeAll(async () => {
    await system.start({ apps: [ServiceName.Gateway, ServiceName.Quote] });
    keys = await system.registerMerchant('Locations Test Co');
  }, 60000);

  afterAll(async () => {
    await system.stop();
  });

  it('prices 1 Queen St E (M5C) to 290 Bremner Blvd (M5V) from downtown, not from Etobicoke', async () => {
    const response = await quote('1 Queen St E, Toronto, ON M5C 2W5', '290 Bremner Blvd, Toronto, ON M5V 3L9');
    expect(response.status).toBe(200);
    const created = response.body as unknown as QuoteResource;
    expect(greatCircleKm(created.pickup, ST_JAMES_PARK)).toBeLessThan(1);
    // Centroid to centroid: 2.74 km straight, × 1.3 for the streets. Door to door it is 1.5 km straight;
    // with M5C in Etobicoke the quote said 17.8 km.
    expect(created.distance_km).toBe(3.6);
    expect(created.pickup).toMatchObject({ postal_code: 'M5C 2W5', city: 'Toronto', province: 'ON' });
  });

  it.each([
    ['pickup_address', "100 Main Rd, St. John's, NL A1H 1A1", "10 Water St, St. John's, NL A1C 1A1"],
    ['dropoff_address', "10 Water St, St. John's, NL A1C 1A1", "100 Main Rd, St. John's, NL A1H 1A1"],
  ])('refuses to price from a postal-code area known to be located wrongly (%s)', async (param, pickup, dropoff) => {
    const response = await quote(pickup, dropoff);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ type: 'invalid_request_error', code: 'address_not_found', param });
    expect((response.body.error as { message: string }).message).toContain('A1H');
  });

  it('still prices the same city from a reliable postal code', async () => {
    const response = await quote("10 Water St, St. John's, NL A1C 1A1", "50 Elizabeth Ave, St. John's, NL A1A 1W5");
    expect(response.status).toBe(200);
    expect((response.body as unknown as QuoteResource).pickup).toMatchObject({ province: 'NL', postal_code: 'A1C 1A1' });
  });
});
