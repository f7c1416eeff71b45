import { isSamePlace } from './pickup-licence';

const pickup = { street: '1 Queen St E', city: 'Toronto', province: 'ON', postalCode: 'M5C 2W5', country: 'CA', lat: 0, lng: 0 };
const location = { street: '1 Queen Street East', city: 'Toronto', province: 'ON', postalCode: 'm5c2w5', country: 'CA' };

describe('pickup licence matching', () => {
  it('matches the same postal code and street number whatever the spelling', () => {
    expect(isSamePlace(pickup, location)).toBe(true);
  });

  it('refuses another street number or postal code', () => {
    expect(isSamePlace(pickup, { ...location, street: '10 Queen St E' })).toBe(false);
    expect(isSamePlace(pickup, { ...location, postalCode: 'M5C 2W6' })).toBe(false);
  });

  it('falls back to the street line and city without postal codes', () => {
    const bare = { ...pickup, postalCode: null, street: '1 Rue Saint-Paul O', city: 'Montréal' };
    expect(isSamePlace(bare, { ...location, street: '1 rue saint paul o', city: 'Montreal', postalCode: null })).toBe(true);
    expect(isSamePlace(bare, { ...location, street: '1 rue saint paul e', city: 'Montreal', postalCode: null })).toBe(false);
  });
});
