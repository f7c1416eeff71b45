import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MerchantAccountRequest, MerchantAccountView, Pattern } from '@sdd/contracts';
import { GetMerchantAccountHandler } from './get-merchant-account.handler';

@Controller()
export class AccountsController {
  constructor(private readonly getAccount: GetMerchantAccountHandler) {}

  @MessagePattern(Pattern.GetMerchantAccount)
  get(@Payload() request: MerchantAccountRequest): Promise<MerchantAccountView> {
    return this.getAccount.execute(request);
  }
}
