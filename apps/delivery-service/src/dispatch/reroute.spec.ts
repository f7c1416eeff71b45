import { addressLine, REROUTABLE, withinRerouteDrift } from './reroute';

describe('withinRerouteDrift', () => {
  it.each([
    [1000, 1100, true],
    [1000, 900, true],
    [1000, 1101, false],
    [1000, 899, false],
    [999, 1098, true],
    [999, 1099, false],
  ])('%i → %i: %p', (oldFee, newFee, within) => {
    expect(withinRerouteDrift(oldFee, newFee)).toBe(within);
  });
});

describe('reroutes', () => {
  it('are asked before pickup only', () => {
    expect(REROUTABLE).toEqual(['created', 'pending', 'driver_assigned', 'driver_at_pickup']);
  });

  it('write a stop back as one address line', () => {
    expect(addressLine({ street: '1 Queen St E', city: 'Toronto', province: 'ON', postalCode: 'M5C 2W5', country: 'CA' })).toBe('1 Queen St E, Toronto, ON M5C 2W5');
    expect(addressLine({ street: 'Union Station', city: 'Toronto', province: 'ON', postalCode: null, country: 'CA' })).toBe('Union Station, Toronto, ON');
  });
});
