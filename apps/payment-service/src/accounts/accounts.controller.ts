import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import { MerchantAccountRequest, MerchantAccountRecord, Pattern } from '@sdd/contracts';
import { GetMerchantAccountHandler } from './get-merchant-account.handler';

@Controller()
export class AccountsController {
  constructor(private readonly getAccount: GetMerchantAccountHandler) {}

  @BusHandler(Pattern.GetMerchantAccount)
  get(@Payload() request: MerchantAccountRequest): Promise<MerchantAccountRecord> {
    return this.getAccount.execute(request);
  }
}
