import type { PostalAddress } from '@sdd/contracts';
import type { AddressDto } from './address.dto';

/** The contract's Address, as sent, in the one internal shape. */
export function postalAddressFrom(dto: AddressDto): PostalAddress {
  return { street: dto.street, city: dto.city, province: dto.province, postalCode: dto.postal_code, country: dto.country ?? 'CA' };
}
