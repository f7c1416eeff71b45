/** Test or live, chosen by the API key; test data and live data never mix. */
export type Mode = 'test' | 'live';

/**
 * Who a bus message acts for. Every request that reads or writes merchant
 * data carries it, and services scope every query by both fields: another
 * merchant's or the other mode's record is simply not found.
 */
export interface MerchantScope {
  merchantId: string;
  mode: Mode;
}
