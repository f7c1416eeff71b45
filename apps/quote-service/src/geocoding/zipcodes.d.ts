/** The part of the untyped `zipcodes` package (8.x) that the offline geocoder reads. */
declare module 'zipcodes' {
  /** A US ZIP code, or a Canadian FSA (the first three characters of a postal code, upper case). */
  export interface ZipCode {
    zip: string;
    /** Null on a few malformed Canadian rows, whose latitude ended up in `longitude`. */
    latitude: number | null;
    longitude: number | null;
    /** Canada: the area's name, often a city and a parenthesised list of neighbourhoods. */
    city: string;
    /** US: two-letter code. Canada: the province's English name, or a place name on the malformed rows. */
    state: string;
    country: 'US' | 'Canada';
  }

  /** Every entry, US and Canadian together, by ZIP code or FSA. */
  export const codes: Readonly<Record<string, ZipCode>>;
}

/** The package's Canadian half alone (FSAs only), the file its main module merges with the US codes. */
declare module 'zipcodes/lib/codesCanada' {
  import type { ZipCode } from 'zipcodes';

  export const codes: Readonly<Record<string, ZipCode>>;
}
