import { MerchantScope } from './scope';

/** The merchant's payment account as GET /v1/merchants/me shows it. */
export interface MerchantAccountView {
  connect: {
    status: 'not_connected' | 'pending' | 'connected';
    charges_enabled: boolean;
    payouts_enabled: boolean;
  };
  fee_tier: {
    /** Percentage of items_subtotal kept as the service fee. */
    rate_percent: number;
    deliveries_last_30_days: number;
    next_tier_at: number | null;
  };
}

export interface MerchantAccountRequest {
  scope: MerchantScope;
}

export interface CountRecentDeliveriesRequest {
  scope: MerchantScope;
  /** Epoch ms: count deliveries created since then. */
  since: number;
}
