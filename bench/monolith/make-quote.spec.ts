import { readQuoteRequest } from './quote-request';
import { makeQuote } from './make-quote';

const NOW = new Date('2026-11-27T12:00:00Z');
const TORONTO = { pickup_address: '1 Queen St E, Toronto, ON M5C 2W5', dropoff_address: '290 Bremner Blvd, Toronto, ON M5V 3L9' };

describe('makeQuote', () => {
  it('geocodes both addresses and prices the route, valid for 15 minutes', async () => {
    const quote = await makeQuote(readQuoteRequest(TORONTO), NOW);
    expect(quote).toMatchObject({ currency: 'cad', packageSize: 'small', category: 'standard', used: false, createdAt: NOW.toISOString() });
    expect(quote.pickup).toMatchObject({ city: 'Toronto', province: 'ON', postalCode: 'M5C 2W5' });
    expect(quote.dropoff).toMatchObject({ province: 'ON', postalCode: 'M5V 3L9' });
    expect(quote.distanceKm).toBeGreaterThan(1);
    expect(quote.distanceKm).toBeLessThan(5);
    expect(quote.fee).toBe(quote.feeBreakdown.reduce((sum, part) => sum + part.amount, 0));
    expect(Date.parse(quote.expiresAt) - NOW.getTime()).toBe(15 * 60_000);
    expect(quote.id).toMatch(/^qt_/);
  });

  it('refuses an address it cannot locate, naming the field', async () => {
    await expect(makeQuote(readQuoteRequest({ ...TORONTO, dropoff_address: 'nowhere at all' }), NOW)).rejects.toMatchObject({
      status: 400,
      code: 'address_not_found',
      param: 'dropoff_address',
    });
  });

  it('refuses cannabis across a provincial border', async () => {
    const request = readQuoteRequest({ ...TORONTO, dropoff_address: '1000 Rue Sherbrooke O, Montréal, QC H3A 3G4', category: 'cannabis' });
    await expect(makeQuote(request, NOW)).rejects.toMatchObject({ status: 400, code: 'restricted_route', param: 'dropoff_address' });
  });
});
