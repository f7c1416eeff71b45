import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { ApiKeyEntity } from './api-key.entity';
import { MerchantEntity } from './merchant.entity';
import { MerchantsController } from './merchants.controller';
import { RegisterMerchantHandler } from './register-merchant.handler';
import { ListApiKeysHandler } from './list-api-keys.handler';
import { RevokeApiKeyHandler } from './revoke-api-key.handler';
import { RollApiKeyHandler } from './roll-api-key.handler';

@Module({
  imports: [TypeOrmModule.forFeature([MerchantEntity, ApiKeyEntity])],
  controllers: [MerchantsController],
  providers: [RegisterMerchantHandler, RollApiKeyHandler, ListApiKeysHandler, RevokeApiKeyHandler, { provide: CLOCK, useValue: systemClock }],
})
export class MerchantsModule {}
