import { EarningAreaRecord, PostalAddress } from '@sdd/contracts';

/** Where a stop is, as a driver's earnings show it: the city, the province and the postal code's first three characters, never the street or the person. */
export function earningArea(address: PostalAddress): EarningAreaRecord {
  const prefix = address.postalCode?.replace(/\s+/g, '').slice(0, 3).toUpperCase();
  return { city: address.city, province: address.province, postalPrefix: prefix ? prefix : null };
}
