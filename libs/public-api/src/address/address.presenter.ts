import type { DeliveryStopRecord, LocatedAddress, PostalAddress } from '@sdd/contracts';
import type { AddressResource, DeliveryStopResource, LocatedAddressResource } from './address.resource';

/** A registered address always has its postal code (registration requires one). */
export function presentAddress(address: PostalAddress): AddressResource {
  return {
    street: address.street,
    city: address.city,
    province: address.province,
    postal_code: address.postalCode ?? '',
    country: address.country,
  };
}

export function presentLocatedAddress(address: LocatedAddress): LocatedAddressResource {
  return {
    street: address.street,
    city: address.city,
    province: address.province,
    postal_code: address.postalCode,
    country: address.country,
    lat: address.lat,
    lng: address.lng,
  };
}

export function presentDeliveryStop(stop: DeliveryStopRecord): DeliveryStopResource {
  return {
    address: stop.street,
    name: stop.name,
    phone: stop.phone,
    city: stop.city,
    state: stop.province,
    postalCode: stop.postalCode,
    country: stop.country,
    lat: stop.lat,
    lng: stop.lng,
  };
}
