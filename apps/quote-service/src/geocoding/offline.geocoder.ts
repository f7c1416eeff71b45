import { Injectable } from '@nestjs/common';
import { codes } from 'zipcodes/lib/codesCanada';
import { parseCanadianAddress } from './canadian-address.parser';
import { CENTROID_REVIEW } from './fsa-centroid-review';
import { buildGazetteer, Gazetteer, isUnreliableFsa, LatLng, locateCity, locateFsa } from './fsa-gazetteer';
import { GeocodedAddress, Geocoder, UnreliableArea } from './geocoder.port';
import { readableCityName } from './place-names';
import { ProvinceCode, provinceOfPostalCode } from './provinces';

/**
 * Built once per process, when the module loads: about 1,600 Canadian FSAs,
 * indexed by code and by name, with the reviewed centroids corrected or left
 * out (fsa-centroid-review.ts). Only the package's Canadian file is read: its
 * main module also parses 42,000 US ZIP codes we never use, 90 MB of
 * resident memory against 2 (issue 16, item 6).
 */
const GAZETTEER = buildGazetteer(Object.values(codes), CENTROID_REVIEW);

/** Longest city name looked for at the end of a street line, in space-separated words (a hyphenated name is one). */
const MAX_CITY_WORDS = 4;
/**
 * A civic number, a generic and a name stay in the street, so that a street
 * named after a city is not taken for it ("123 rue Laval" has no city).
 */
const MIN_STREET_WORDS = 3;

interface Place {
  street: string | null;
  city: string | null;
}

/**
 * A line without a comma before the city and without a marked end of street
 * ("1 Place Ville Marie Montréal") is split where its final words name a known
 * city, the longest such run first.
 */
function cityAtEndOfStreet(gazetteer: Gazetteer, street: string, province: ProvinceCode | null): Place {
  const lineStart = street.lastIndexOf(', ') + 1;
  const head = street.slice(0, lineStart);
  const words = street.slice(lineStart).trim().split(' ');
  for (let count = Math.min(MAX_CITY_WORDS, words.length - MIN_STREET_WORDS); count > 0; count--) {
    const city = words.slice(-count).join(' ');
    if (locateCity(gazetteer, city, province)) return { street: `${head} ${words.slice(0, -count).join(' ')}`.trim(), city };
  }
  return { street, city: null };
}

/** Without a street line (a city or postal code alone), the text as written stands for it. */
function geocoded(text: string, place: Place, city: string, province: ProvinceCode, postalCode: string | null, point: LatLng): GeocodedAddress {
  return { street: place.street ?? text.trim(), city, province, postalCode, country: 'CA', lat: point.lat, lng: point.lng };
}

/**
 * Locates by the postal code's FSA when the data knows it, else by the city's
 * centroid. A postal code outranks a province written beside it: the result's
 * province is always the postal code's. A postal code in an unreliable area is
 * refused even when a city is written too: the city's centroid is not where
 * the door is, and the postal code says the data cannot tell where that is.
 */
export function geocodeAddress(gazetteer: Gazetteer, text: string): GeocodedAddress | UnreliableArea | undefined {
  const parsed = parseCanadianAddress(text);
  if (!parsed) return undefined;
  const { postalCode } = parsed;
  if (postalCode && isUnreliableFsa(gazetteer, postalCode)) return { unreliableFsa: postalCode.slice(0, 3) };
  const province = postalCode ? (provinceOfPostalCode(postalCode) ?? null) : parsed.province;
  const place = parsed.city || !parsed.street ? { street: parsed.street, city: parsed.city } : cityAtEndOfStreet(gazetteer, parsed.street, province);
  const area = postalCode ? locateFsa(gazetteer, postalCode) : undefined;
  if (area) return geocoded(text, place, place.city ? readableCityName(place.city) : area.city, area.province, postalCode, area);
  if (!place.city) return undefined;
  const located = locateCity(gazetteer, place.city, province);
  return located && geocoded(text, place, readableCityName(place.city), located.province, postalCode, located);
}

/** The default Geocoder: no network, no key, the same answer every time. */
@Injectable()
export class OfflineGeocoder implements Geocoder {
  geocode(text: string): Promise<GeocodedAddress | UnreliableArea | undefined> {
    return Promise.resolve(geocodeAddress(GAZETTEER, text));
  }
}
