import { ProvinceCode } from './provinces';

/** Injection token of the Geocoder; the offline adapter is the default, an online provider may be bound instead. */
export const GEOCODER = Symbol('GEOCODER');

export interface GeocodedAddress {
  street: string | null;
  city: string;
  province: ProvinceCode;
  /** 'A1A 1A1' when the address gave a valid one. */
  postal_code: string | null;
  country: 'CA';
  lat: number;
  lng: number;
}

export interface Geocoder {
  /** Undefined when the address cannot be located in Canada. */
  geocode(text: string): Promise<GeocodedAddress | undefined>;
}
