import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import type { MerchantAccountView } from '@sdd/contracts';
import { AddressResource } from '@sdd/public-api';

type ConnectStatus = MerchantAccountView['connect'];
type FeeTier = MerchantAccountView['fee_tier'];
import { Mode } from '../auth/api-key';
import { MerchantView } from '../merchants/merchant.presenter';
import type { MerchantsController } from '../merchants/merchants.controller';
import { RegisteredMerchant } from '../merchants/register-merchant.handler';
import { ApiKeyView } from '../merchants/api-key.presenter';
import { ApiKeyList } from '../merchants/list-api-keys.handler';
import { RevokedApiKey } from '../merchants/revoke-api-key.handler';
import { RolledApiKey } from '../merchants/roll-api-key.handler';

// Each class implements the type its handler returns, so a field added to a
// response without being documented here breaks the build.

type CurrentMerchant = Awaited<ReturnType<MerchantsController['me']>>;
type PreviousApiKey = RolledApiKey['previous_key'];

const MODES: Mode[] = ['test', 'live'];

@ApiSchema({ name: 'Merchant' })
export class MerchantResponse implements MerchantView {
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
export class ApiKeysResponse implements Record<Mode, string> {
  @ApiProperty({ pattern: '^svc_test_[0-9A-Za-z]{43}$', description: 'Test mode: never dispatches a driver or moves money.' })
  test!: string;

  @ApiProperty({ pattern: '^svc_live_[0-9A-Za-z]{43}$' })
  live!: string;
}

@ApiSchema({ name: 'RegisteredMerchant' })
export class RegisteredMerchantResponse implements RegisteredMerchant {
  @ApiProperty({ type: MerchantResponse })
  merchant!: MerchantResponse;

  @ApiProperty({ type: ApiKeysResponse })
  api_keys!: ApiKeysResponse;
}

@ApiSchema({ name: 'ConnectStatus', description: "The merchant's connected payment account (Stripe Connect)." })
export class ConnectStatusResponse implements ConnectStatus {
  @ApiProperty({ enum: ['not_connected', 'pending', 'connected'] })
  status!: ConnectStatus['status'];

  @ApiProperty()
  charges_enabled!: boolean;

  @ApiProperty()
  payouts_enabled!: boolean;
}

@ApiSchema({ name: 'FeeTier', description: 'Service fee on items_subtotal, by deliveries in the past 30 days in this mode.' })
export class FeeTierResponse implements FeeTier {
  @ApiProperty({ enum: [10, 8, 6, 4], example: 10 })
  rate_percent!: number;

  @ApiProperty({ type: 'integer', minimum: 0 })
  deliveries_last_30_days!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Deliveries needed for the next, lower rate; null at the lowest.' })
  next_tier_at!: number | null;
}

@ApiSchema({ name: 'CurrentMerchant' })
export class CurrentMerchantResponse implements CurrentMerchant {
  @ApiProperty({ type: MerchantResponse })
  merchant!: MerchantResponse;

  @ApiProperty({ enum: MODES, description: 'The mode of the key that made the request.' })
  mode!: Mode;

  @ApiProperty({ type: ConnectStatusResponse })
  connect!: ConnectStatusResponse;

  @ApiProperty({ type: FeeTierResponse })
  fee_tier!: FeeTierResponse;
}

@ApiSchema({ name: 'PreviousApiKey', description: 'The key used to call, which keeps working until `expires_at`.' })
export class PreviousApiKeyResponse implements PreviousApiKey {
  @ApiProperty({ minLength: 4, maxLength: 4, example: 'x7Qa' })
  last4!: string;

  @ApiProperty({ format: 'date-time', example: '2026-11-23T15:04:05.000Z' })
  expires_at!: string;
}

@ApiSchema({ name: 'RolledApiKey' })
export class RolledApiKeyResponse implements RolledApiKey {
  @ApiProperty({ pattern: '^svc_(test|live)_[0-9A-Za-z]{43}$', description: 'The new key, of the same mode; shown once.' })
  api_key!: string;

  @ApiProperty({ enum: MODES })
  mode!: Mode;

  @ApiProperty({ type: PreviousApiKeyResponse })
  previous_key!: PreviousApiKeyResponse;
}

@ApiSchema({ name: 'ApiKey', description: 'An API key as the merchant may see it: never the secret.' })
export class ApiKeyResponse implements ApiKeyView {
  @ApiProperty({ example: 'key_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ enum: MODES })
  mode!: Mode;

  @ApiProperty({ minLength: 4, maxLength: 4, example: 'x7Qa' })
  last4!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'Set once the key was rolled: it works until then.' })
  expires_at!: string | null;

  @ApiProperty({ type: 'string', format: 'date-time', nullable: true, description: 'Recorded to the minute.' })
  last_used_at!: string | null;
}

@ApiSchema({ name: 'ApiKeyList' })
export class ApiKeyListResponse implements ApiKeyList {
  @ApiProperty({ type: [ApiKeyResponse] })
  data!: ApiKeyResponse[];
}

@ApiSchema({ name: 'RevokedApiKey' })
export class RevokedApiKeyResponse implements RevokedApiKey {
  @ApiProperty({ example: 'key_2hQ7mWc9XbL4pT1vN8kR5sZa' })
  id!: string;

  @ApiProperty({ enum: [true] })
  deleted!: true;
}
