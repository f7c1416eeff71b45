import type { Category } from '@sdd/contracts';

/**
 * Whether `category` may be carried from a pickup in one province to a
 * dropoff in another (same province: always). Decided conservatively:
 *
 * - cannabis never crosses a provincial border. Each province licenses its
 *   own retail and delivery (Quebec reserves the sale to the SQDC; Ontario's
 *   AGCO-authorised stores and the other provinces' retailers sell and
 *   deliver within their province), so a sale from one province's store
 *   handed over in another is outside both regimes;
 * - alcohol may: since 2019 the federal Importation of Intoxicating Liquors
 *   Act lets an individual have liquor brought from one province into another
 *   for personal consumption, under the receiving province's law, which the
 *   driver applies at the door (its legal age, see delivery-service's
 *   legal-age.ts; a certification of both provinces, see eligibility.ts);
 * - standard goods go anywhere.
 */
export function mayCrossProvinces(category: Category, pickupProvince: string, dropoffProvince: string): boolean {
  if (pickupProvince === dropoffProvince) return true;
  return category !== 'cannabis';
}
