import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '@sdd/common';
import { Pattern } from '@sdd/contracts';
import {
  ApiKeyListResource,
  ConnectOnboardingResource,
  CurrentMerchantResource,
  presentConnectOnboarding,
  presentCurrentMerchant,
  RegisteredMerchantResource,
  RevokedApiKeyResource,
  RolledApiKeyResource,
} from '@sdd/public-api';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Auth, AuthContext, Public } from '../auth/auth-context';
import { WithRouteTraits } from '../http/route-traits';
import { ApiEmptyBody, ApiErrorResponse, ApiJsonBodyErrorResponses, ApiKeyAuth, ApiRateLimitedResponse, ApiServiceUnavailableResponse } from '../openapi/decorators';
import { EmptyBodyPipe } from '../validation/empty-body.pipe';
import { ConnectMerchantDto } from './connect-merchant.dto';
import { ListApiKeysHandler } from './list-api-keys.handler';
import { MerchantEntity } from './merchant.entity';
import { RegisterMerchantHandler } from './register-merchant.handler';
import { RegisterMerchantDto } from './register-merchant.dto';
import { RollApiKeyDto } from './roll-api-key.dto';
import { RevokeApiKeyHandler } from './revoke-api-key.handler';
import { RollApiKeyHandler } from './roll-api-key.handler';

@ApiTags('Merchants')
@ApiRateLimitedResponse()
@ApiServiceUnavailableResponse()
@Controller('v1')
export class MerchantsController {
  constructor(
    private readonly register: RegisterMerchantHandler,
    private readonly roll: RollApiKeyHandler,
    private readonly listKeys: ListApiKeysHandler,
    private readonly revoke: RevokeApiKeyHandler,
    @InjectRepository(MerchantEntity) private readonly merchants: Repository<MerchantEntity>,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
  ) {}

  @ApiOperation({
    summary: 'Register a merchant',
    description: 'Creates the merchant and its test and live API keys. The keys are shown only in this response.',
    security: [],
  })
  @ApiCreatedResponse({ description: 'The merchant, with its test and live API keys.', type: RegisteredMerchantResource })
  @ApiErrorResponse(400, '`invalid_request_error`: the body is not valid JSON, or a field is missing, invalid or unknown; `param` names it.')
  @ApiErrorResponse(409, '`invalid_request_error` / `merchant_exists`: a merchant with this email is already registered.')
  @ApiJsonBodyErrorResponses()
  @ApiRateLimitedResponse(
    '`rate_limit_error` / `rate_limit_exceeded`: over the per-minute limit, or over the registrations per hour allowed from one client IP; wait as long as `Retry-After` says.',
  )
  @Public()
  @WithRouteTraits({ budget: 'registration' })
  @Post('merchants/register')
  @HttpCode(201)
  registerMerchant(@Body() body: RegisterMerchantDto): Promise<RegisteredMerchantResource> {
    return this.register.execute(body);
  }

  @ApiOperation({
    summary: 'Retrieve the calling merchant',
    description: "The merchant that owns the API key, the key's mode, its connected-account status and its current fee tier.",
  })
  @ApiKeyAuth()
  @ApiOkResponse({ description: 'The merchant and the mode of the calling key.', type: CurrentMerchantResource })
  @ApiErrorResponse(401, '`authentication_error` / `api_key_missing` or `api_key_invalid`.')
  @Get('merchants/me')
  async me(@Auth() auth: AuthContext): Promise<CurrentMerchantResource> {
    const [merchant, account] = await Promise.all([this.merchants.findOneBy({ id: auth.merchantId }), this.bus.requestFor(auth, Pattern.GetMerchantAccount, {})]);
    if (!merchant) throw AppError.notFound('This merchant no longer exists.');
    return presentCurrentMerchant(merchant, auth.mode, account);
  }

  @ApiOperation({
    summary: 'Start Connect onboarding',
    description:
      "Creates the merchant's connected payment account for the key's mode (once) and returns an onboarding link. " +
      'The account becomes `connected` when the processor reports charges and payouts enabled; live checkouts need it.',
  })
  @ApiKeyAuth()
  @ApiOkResponse({ description: 'The onboarding link and the current connect status.', type: ConnectOnboardingResource })
  @ApiErrorResponse(400, '`invalid_request_error`: `return_url` or `refresh_url` is not an absolute http(s) URL, or a field is unknown.')
  @ApiErrorResponse(401, '`authentication_error` / `api_key_missing` or `api_key_invalid`.')
  @ApiJsonBodyErrorResponses()
  @Post('merchants/connect')
  @HttpCode(200)
  async connect(@Auth() auth: AuthContext, @Body() body: ConnectMerchantDto): Promise<ConnectOnboardingResource> {
    const merchant = await this.merchants.findOneBy({ id: auth.merchantId });
    if (!merchant) throw AppError.notFound('This merchant no longer exists.');
    const link = await this.bus.requestFor(auth, Pattern.ConnectMerchant, {
      email: merchant.email,
      businessName: merchant.businessName,
      returnUrl: body.return_url ?? null,
      refreshUrl: body.refresh_url ?? null,
    });
    return presentConnectOnboarding(link);
  }

  @ApiOperation({
    summary: 'Roll the API key',
    description:
      'Issues a new key of the same mode. The key used to call keeps working for `expires_in_hours` (default 24). ' +
      'A key already in its grace period cannot roll; a mode holds at most 5 unexpired keys.',
  })
  @ApiKeyAuth()
  @ApiCreatedResponse({ description: 'The new key, and until when the old one works.', type: RolledApiKeyResource })
  @ApiErrorResponse(
    400,
    '`invalid_request_error`: the body is not valid JSON, or `expires_in_hours` is invalid or a field is unknown; ' +
      '`api_key_limit_reached`: the mode already holds 5 unexpired keys.',
  )
  @ApiErrorResponse(401, '`authentication_error` / `api_key_missing` or `api_key_invalid`.')
  @ApiErrorResponse(403, '`permission_error` / `api_key_expiring`: the calling key was rolled already and is in its grace period.')
  @ApiJsonBodyErrorResponses()
  @Post('api_keys/roll')
  @HttpCode(201)
  rollApiKey(@Auth() auth: AuthContext, @Body() body: RollApiKeyDto): Promise<RolledApiKeyResource> {
    return this.roll.execute(auth, body.expires_in_hours);
  }

  @ApiOperation({
    summary: 'List API keys',
    description: "The calling key's mode's keys that still work (not revoked, not expired), oldest first. Never the secret.",
  })
  @ApiKeyAuth()
  @ApiOkResponse({ description: 'The keys.', type: ApiKeyListResource })
  @ApiErrorResponse(401, '`authentication_error` / `api_key_missing` or `api_key_invalid`.')
  @Get('api_keys')
  listApiKeys(@Auth() auth: AuthContext): Promise<ApiKeyListResource> {
    return this.listKeys.execute(auth);
  }

  @ApiOperation({
    summary: 'Revoke an API key',
    description:
      "Revokes a key of the calling key's mode at once: it fails from the next request on, even when it is the calling key. " +
      "The mode's last unexpired key cannot be revoked: roll it instead.",
  })
  @ApiKeyAuth()
  @ApiEmptyBody()
  @ApiOkResponse({ description: 'The key is revoked.', type: RevokedApiKeyResource })
  @ApiErrorResponse(401, '`authentication_error` / `api_key_missing` or `api_key_invalid`.')
  @ApiErrorResponse(404, "`invalid_request_error` / `resource_missing`: no usable key with this id in the caller's merchant and mode.")
  @ApiErrorResponse(409, "`invalid_request_error` / `last_api_key`: the mode's last unexpired key.")
  @Delete('api_keys/:keyId')
  @HttpCode(200)
  revokeApiKey(@Auth() auth: AuthContext, @Param('keyId') keyId: string, @Body(EmptyBodyPipe) _body: unknown): Promise<RevokedApiKeyResource> {
    return this.revoke.execute(auth, keyId);
  }
}
