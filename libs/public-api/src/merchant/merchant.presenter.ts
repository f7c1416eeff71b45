import type { ConnectLinkRecord, MerchantAccountRecord, Mode, PostalAddress } from '@sdd/contracts';
import { presentAddress } from '../address/address.presenter';
import type { ConnectOnboardingResource, CurrentMerchantResource, MerchantResource, RegisteredMerchantResource } from './merchant.resource';

/** The merchant as the gateway keeps it. */
export interface MerchantRecord {
  id: string;
  businessName: string;
  email: string;
  phone: string;
  address: PostalAddress;
  createdAt: Date;
}

export function presentMerchant(merchant: MerchantRecord): MerchantResource {
  return {
    id: merchant.id,
    business_name: merchant.businessName,
    email: merchant.email,
    phone: merchant.phone,
    address: presentAddress(merchant.address),
    created_at: merchant.createdAt.toISOString(),
  };
}

/** Registration's answer: the keys are shown this once (only their hashes are kept). */
export function presentRegisteredMerchant(merchant: MerchantRecord, apiKeys: Record<Mode, string>): RegisteredMerchantResource {
  return { merchant: presentMerchant(merchant), api_keys: { test: apiKeys.test, live: apiKeys.live } };
}

/** GET /v1/merchants/me: the merchant, the calling key's mode, its connect status and fee tier in that mode. */
export function presentCurrentMerchant(merchant: MerchantRecord, mode: Mode, account: MerchantAccountRecord): CurrentMerchantResource {
  return {
    merchant: presentMerchant(merchant),
    mode,
    connect: { status: account.connect.status, charges_enabled: account.connect.chargesEnabled, payouts_enabled: account.connect.payoutsEnabled },
    fee_tier: {
      rate_percent: account.feeTier.ratePercent,
      deliveries_last_30_days: account.feeTier.deliveriesLast30Days,
      next_tier_at: account.feeTier.nextTierAt,
    },
  };
}

/** POST /v1/merchants/connect. */
export function presentConnectOnboarding(link: ConnectLinkRecord): ConnectOnboardingResource {
  return {
    object: 'connect_onboarding',
    url: link.url,
    expires_at: link.expiresAt,
    connect: { status: link.status, charges_enabled: link.chargesEnabled, payouts_enabled: link.payoutsEnabled },
  };
}
