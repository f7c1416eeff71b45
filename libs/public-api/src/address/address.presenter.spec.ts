import { DeliveryStopRecord } from '@sdd/contracts';
import { presentAddress, presentDeliveryStop, presentLocatedAddress } from './address.presenter';

const stop: DeliveryStopRecord = {
  street: '100 King St W',
  city: 'Toronto',
  province: 'ON',
  postalCode: 'M5X 1A9',
  country: 'CA',
  lat: 43.6492,
  lng: -79.3823,
  name: 'Ada',
  phone: '+14165550199',
};

describe("address presenters: one internal shape, the contract's public spellings", () => {
  it("presents the contract's Address with snake_case postal_code and province", () => {
    expect(presentAddress(stop)).toStrictEqual({ street: '100 King St W', city: 'Toronto', province: 'ON', postal_code: 'M5X 1A9', country: 'CA' });
  });

  it("presents a quote's located address as the Address plus coordinates, keeping a missing postal code null", () => {
    expect(presentLocatedAddress({ ...stop, postalCode: null })).toStrictEqual({
      street: '100 King St W',
      city: 'Toronto',
      province: 'ON',
      postal_code: null,
      country: 'CA',
      lat: 43.6492,
      lng: -79.3823,
    });
  });

  it("presents a delivery stop with the contract's exception: address, state, postalCode", () => {
    const presented = presentDeliveryStop(stop);
    expect(Object.keys(presented).sort()).toEqual(['address', 'city', 'country', 'lat', 'lng', 'name', 'phone', 'postalCode', 'state']);
    expect(presented).toMatchObject({ address: '100 King St W', state: 'ON', postalCode: 'M5X 1A9', name: 'Ada', phone: '+14165550199' });
  });
});
