import type { LocatedAddress } from '@sdd/contracts';
import { ProvinceCode } from './provinces';

/** Injection token of the Geocoder; which adapter is bound is the GEOCODER setting (config.ts). */
export const GEOCODER = Symbol('GEOCODER');

/** The adapters the GEOCODER setting may name (geocoders.ts binds each): `offline`, postal-code area centroids. */
export const GEOCODER_NAMES = ['offline'] as const;
export type GeocoderName = (typeof GEOCODER_NAMES)[number];

/** A located address whose province is a known code and whose country is Canada. */
export interface GeocodedAddress extends LocatedAddress {
  province: ProvinceCode;
  country: 'CA';
}

/**
 * The address names a postal-code area whose known location is wrong and has
 * no trusted correction: a price from it would be wrong, so none is given.
 */
export interface UnreliableArea {
  unreliableFsa: string;
}

export interface Geocoder {
  /** Undefined when the address cannot be located in Canada. */
  geocode(text: string): Promise<GeocodedAddress | UnreliableArea | undefined>;
}

export function isUnreliableArea(result: GeocodedAddress | UnreliableArea | undefined): result is UnreliableArea {
  return result !== undefined && 'unreliableFsa' in result;
}
