/** The merchant's payment account, as payment-service answers for it; GET /v1/merchants/me presents it. */
export interface MerchantAccountRecord {
  connect: {
    status: 'not_connected' | 'pending' | 'connected';
    chargesEnabled: boolean;
    payoutsEnabled: boolean;
  };
  feeTier: {
    /** Percentage of items_subtotal kept as the service fee. */
    ratePercent: number;
    deliveriesLast30Days: number;
    nextTierAt: number | null;
  };
}
