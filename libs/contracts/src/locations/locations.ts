import type { PostalAddress } from '../addresses';

/** Products a pickup location may be licensed to sell (decisions.md, Merchants and keys). */
export const RESTRICTED_CATEGORIES = ['alcohol', 'cannabis'] as const;
export type RestrictedCategory = (typeof RESTRICTED_CATEGORIES)[number];

/** Delivered only from a pickup location licensed for it. */
export function isRestricted(category: string): category is RestrictedCategory {
  return (RESTRICTED_CATEGORIES as readonly string[]).includes(category);
}

export interface PickupLocationInput {
  name: string;
  address: PostalAddress;
  phone: string;
  licensedFor: RestrictedCategory[];
  licenseNumber: string | null;
}

/** A pickup location as delivery-service answers for it; the gateway presents it (libs/public-api). */
export interface PickupLocationRecord extends PickupLocationInput {
  id: string;
  createdAt: string;
}

export interface PickupLocationRecordList {
  data: PickupLocationRecord[];
}
