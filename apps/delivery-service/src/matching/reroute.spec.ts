import { addressLine, MAX_REROUTES, mayRerouteAgain, REROUTABLE, reroutePreview, withinRerouteDrift } from './reroute';

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

  it('cannot creep: each step within 10 % of the last, the sum refused against what the customer paid', () => {
    const charged = 970;
    const steps = [1067, 1173, 1290];
    expect(steps.every((fee, index) => withinRerouteDrift(index === 0 ? charged : steps[index - 1], fee))).toBe(true);
    expect(steps.map((fee) => withinRerouteDrift(charged, fee))).toEqual([true, false, false]);
  });
});

describe('mayRerouteAgain', () => {
  it(`allows ${MAX_REROUTES} reroutes per delivery`, () => {
    expect(MAX_REROUTES).toBe(3);
    expect([0, 1, 2, 3, 4].map(mayRerouteAgain)).toEqual([true, true, true, false, false]);
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

describe('reroutePreview', () => {
  const dropoff = { street: '100 King St W', city: 'Toronto', province: 'ON', postalCode: 'M5X 1A9', country: 'CA', lat: 43.6, lng: -79.4, name: 'Ana', phone: null };
  const delivery = { id: 'del_1', currency: 'cad', chargedFee: 1000, rerouteCount: 0, driverId: null };

  it('tells the new fee, its drift from what the customer paid (either way), and the reroutes left after this one', () => {
    expect(reroutePreview(delivery, dropoff, 1080)).toEqual({
      deliveryId: 'del_1',
      dropoff,
      currency: 'cad',
      fee: 1080,
      chargedFee: 1000,
      drift: 80,
      takesEffect: 'at_once',
      reroutesRemaining: MAX_REROUTES - 1,
    });
    expect(reroutePreview({ ...delivery, rerouteCount: 2 }, dropoff, 950)).toMatchObject({ drift: -50, reroutesRemaining: 0 });
  });

  it('waits for the driver when one is assigned', () => {
    expect(reroutePreview({ ...delivery, driverId: 'drv_1' }, dropoff, 1000).takesEffect).toBe('when_driver_accepts');
  });
});
