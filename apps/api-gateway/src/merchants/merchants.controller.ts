import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AppError } from '@sdd/common';
import { Mode } from '../auth/api-key';
import { Auth, AuthContext, Public } from '../auth/auth-context';
import { MerchantEntity } from './merchant.entity';
import { MerchantView, presentMerchant } from './merchant.presenter';
import { RegisteredMerchant, RegisterMerchantHandler } from './register-merchant.handler';
import { RegisterMerchantDto } from './register-merchant.dto';
import { RollApiKeyDto } from './roll-api-key.dto';
import { RolledApiKey, RollApiKeyHandler } from './roll-api-key.handler';

@Controller('v1')
export class MerchantsController {
  constructor(
    private readonly register: RegisterMerchantHandler,
    private readonly roll: RollApiKeyHandler,
    @InjectRepository(MerchantEntity) private readonly merchants: Repository<MerchantEntity>,
  ) {}

  @Public()
  @Post('merchants/register')
  @HttpCode(201)
  registerMerchant(@Body() body: RegisterMerchantDto): Promise<RegisteredMerchant> {
    return this.register.execute(body);
  }

  @Get('merchants/me')
  async me(@Auth() auth: AuthContext): Promise<{ merchant: MerchantView; mode: Mode }> {
    const merchant = await this.merchants.findOneBy({ id: auth.merchantId });
    if (!merchant) throw AppError.notFound('This merchant no longer exists.');
    return { merchant: presentMerchant(merchant), mode: auth.mode };
  }

  @Post('api_keys/roll')
  @HttpCode(201)
  rollApiKey(@Auth() auth: AuthContext, @Body() body: RollApiKeyDto): Promise<RolledApiKey> {
    return this.roll.execute(auth, body.expires_in_hours);
  }
}
