import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { ConnectLinkRecord, ConnectMerchantRequest, MerchantAccountRequest, MerchantAccountRecord, Pattern } from '@sdd/contracts';
import { ConnectMerchantHandler } from './connect-merchant.handler';
import { GetMerchantAccountHandler } from './get-merchant-account.handler';

@Controller()
export class AccountsController {
  constructor(
    private readonly getAccount: GetMerchantAccountHandler,
    private readonly connectMerchant: ConnectMerchantHandler,
  ) {}

  @BusHandler(Pattern.GetMerchantAccount)
  get(@Payload() request: MerchantAccountRequest): Promise<MerchantAccountRecord> {
    return this.getAccount.execute(request);
  }

  @BusHandler(Pattern.ConnectMerchant)
  connect(@Payload() request: ConnectMerchantRequest): Promise<ConnectLinkRecord> {
    return this.connectMerchant.execute(request);
  }
}
