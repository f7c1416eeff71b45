import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { AccountsController } from './accounts.controller';
import { ConnectMerchantHandler } from './connect-merchant.handler';
import { GetMerchantAccountHandler } from './get-merchant-account.handler';
import { MerchantAccountEntity } from './merchant-account.entity';

@Module({
  imports: [TypeOrmModule.forFeature([MerchantAccountEntity])],
  controllers: [AccountsController],
  providers: [GetMerchantAccountHandler, ConnectMerchantHandler, { provide: CLOCK, useValue: systemClock }],
})
export class AccountsModule {}
