/**
 * The one internal address shape: every service stores and passes addresses
 * like this. The public shapes (the contract's Address, a quote's located
 * address, a delivery's stop) are presented from it by libs/public-api.
 */
export interface PostalAddress {
  /** The street line; for a geocoded free-text address without one, the text as written. */
  street: string;
  city: string;
  /** Two-letter province or territory code. */
  province: string;
  /** 'A1A 1A1'; null when a geocoded address gave none. */
  postalCode: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

/** A geocoded address: its postal parts and where it is. */
export interface LocatedAddress extends PostalAddress {
  lat: number;
  lng: number;
}

/** A delivery's pickup or dropoff: the quoted address and the contact there. */
export interface DeliveryStopRecord extends LocatedAddress {
  name: string | null;
  phone: string | null;
}
