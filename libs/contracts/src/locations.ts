import { MerchantScope } from './scope';

/** Products a pickup location may be licensed to sell (decisions.md, Merchants and keys). */
export const RESTRICTED_CATEGORIES = ['alcohol', 'cannabis'] as const;
export type RestrictedCategory = (typeof RESTRICTED_CATEGORIES)[number];

export interface AddressFields {
  street: string;
  city: string;
  province: string;
  postal_code: string;
  country: string;
}

export interface PickupLocationInput {
  name: string;
  address: AddressFields;
  phone: string;
  licensed_for: RestrictedCategory[];
  license_number: string | null;
}

/** A pickup location as the API shows it. */
export interface PickupLocation extends PickupLocationInput {
  id: string;
  created_at: string;
}

export interface CreatePickupLocationRequest {
  scope: MerchantScope;
  location: PickupLocationInput;
}

export interface ListPickupLocationsRequest {
  scope: MerchantScope;
}

export interface PickupLocationList {
  data: PickupLocation[];
}
