/** Test or live, chosen by the API key; test data and live data never mix. */
export const MODES = ['test', 'live'] as const;
export type Mode = (typeof MODES)[number];

/**
 * Who a bus message acts for. Every request that reads or writes merchant
 * data carries it, and services scope every query by both fields: another
 * merchant's or the other mode's record is simply not found.
 */
export interface MerchantScope {
  merchantId: string;
  mode: Mode;
}

/** The scope alone: a caller's context (an API key's, say) carries more than a bus message may. */
export function scopeOf(scope: MerchantScope): MerchantScope {
  return { merchantId: scope.merchantId, mode: scope.mode };
}
