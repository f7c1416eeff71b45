import { earningArea } from './earning-area';

describe('earningArea', () => {
  it('keeps the city, province and forward sortation area only', () => {
    const stop = {
      street: '290 Bremner Blvd',
      city: 'Toronto',
      province: 'ON',
      postalCode: 'M5V 3L9',
      country: 'CA',
      lat: 43.64,
      lng: -79.38,
      name: 'Amélie',
      phone: '+14165550142',
    };
    expect(earningArea(stop)).toEqual({ city: 'Toronto', province: 'ON', postalPrefix: 'M5V' });
    expect(JSON.stringify(earningArea(stop))).not.toMatch(/Bremner|Amélie|555|3L9/);
  });

  it('has no prefix without a postal code', () => {
    expect(earningArea({ street: '1 Main St', city: 'Québec', province: 'QC', postalCode: null, country: 'CA' })).toEqual({ city: 'Québec', province: 'QC', postalPrefix: null });
  });
});
