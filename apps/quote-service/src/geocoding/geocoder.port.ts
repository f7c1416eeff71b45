import type { LocatedAddress } from '@sdd/contracts';
import { ProvinceCode } from './provinces';

/** Injection token of the Geocoder; the offline adapter is the default, an online provider may be bound instead. */
export const GEOCODER = Symbol('GEOCODER');

/** A located address whose province is a known code and whose country is Canada. */
export interface GeocodedAddress extends LocatedAddress {
  province: ProvinceCode;
  country: 'CA';
}

export interface Geocoder {
  /** Undefined when the address cannot be located in Canada. */
  geocode(text: string): Promise<GeocodedAddress | undefined>;
}
