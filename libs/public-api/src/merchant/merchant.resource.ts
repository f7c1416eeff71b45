import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { Mode, MODES } from '@sdd/contracts';
import { AddressResource } from '../address/address.resource';

export const CONNECT_STATUSES = ['not_connected', 'pending', 'connected'] as const;
export type ConnectStatus = (typeof CONNECT_STATUSES)[number];

@ApiSchema({ name: 'Merchant' })
export class MerchantResource {
  @ApiProperty({ pattern: '^mer_[0-9A-Za-z]{24}$', example: 'mer_8dJ2kLq9XwP4sT7vB1nC5mZr' })
  id!: string;

  @ApiProperty({ example: 'Maple Eats' })
  business_name!: string;

  @ApiProperty({ format: 'email', example: 'owner@maple.ca' })
  email!: string;

  @ApiProperty({ example: '+1 416 555 0100' })
  phone!: string;

  @ApiProperty({ type: AddressResource })
  address!: AddressResource;

  @ApiProperty({ format: 'date-time', example: '2026-11-22T15:04:05.000Z' })
  created_at!: string;
}

@ApiSchema({ name: 'ApiKeys', description: 'Shown once, at registration: only their hashes are kept.' })
export class ApiKeysResource {
  @ApiProperty({ pattern: '^svc_test_[0-9A-Za-z]{43}$', description: 'Test mode: never dispatches a driver or moves money.' })
  test!: string;

  @ApiProperty({ pattern: '^svc_live_[0-9A-Za-z]{43}$' })
  live!: string;
}

@ApiSchema({ name: 'RegisteredMerchant' })
export class RegisteredMerchantResource {
  @ApiProperty({ type: MerchantResource })
  merchant!: MerchantResource;

  @ApiProperty({ type: ApiKeysResource })
  api_keys!: ApiKeysResource;
}

@ApiSchema({ name: 'ConnectStatus', description: "The merchant's connected payment account (Stripe Connect)." })
export class ConnectStatusResource {
  @ApiProperty({ enum: CONNECT_STATUSES })
  status!: ConnectStatus;

  @ApiProperty()
  charges_enabled!: boolean;

  @ApiProperty()
  payouts_enabled!: boolean;
}

@ApiSchema({ name: 'FeeTier', description: 'Service fee on items_subtotal, by deliveries in the past 30 days in this mode.' })
export class FeeTierResource {
  @ApiProperty({ enum: [10, 8, 6, 4], example: 10 })
  rate_percent!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  deliveries_last_30_days!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Deliveries needed for the next, lower rate; null at the lowest.' })
  next_tier_at!: number | null;
}

@ApiSchema({ name: 'CurrentMerchant' })
export class CurrentMerchantResource {
  @ApiProperty({ type: MerchantResource })
  merchant!: MerchantResource;

  @ApiProperty({ enum: MODES, description: 'The mode of the key that made the request.' })
  mode!: Mode;

  @ApiProperty({ type: ConnectStatusResource })
  connect!: ConnectStatusResource;

  @ApiProperty({ type: FeeTierResource })
  fee_tier!: FeeTierResource;
}

@ApiSchema({ name: 'ConnectOnboarding', description: "A Stripe Connect onboarding link for the merchant's connected account in the key's mode." })
export class ConnectOnboardingResource {
  @ApiProperty({ enum: ['connect_onboarding'] })
  object!: 'connect_onboarding';

  @ApiProperty({ format: 'uri', description: 'Open it to complete onboarding; single use.' })
  url!: string;

  @ApiProperty({ format: 'date-time', description: 'When the link stops working: ask for a new one.' })
  expires_at!: string;

  @ApiProperty({ type: ConnectStatusResource, description: 'The status now; it becomes `connected` when the processor reports the account enabled.' })
  connect!: ConnectStatusResource;
}
