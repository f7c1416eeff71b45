import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { MerchantAccountEntity } from '../accounts/merchant-account.entity';
import { CancelCheckoutHandler } from './cancel-checkout.handler';
import { CheckoutPageHandler } from './checkout-page.handler';
import { CheckoutEntity } from './checkout.entity';
import { CheckoutRepository } from './checkout.repository';
import { CheckoutsController } from './checkouts.controller';
import { ClaimCheckoutHandler } from './claim-checkout.handler';
import { CreateCheckoutHandler } from './create-checkout.handler';
import { GetCheckoutHandler } from './get-checkout.handler';
import { PayTestCheckoutHandler } from './pay-test-checkout.handler';
import { SettleCheckoutClaimHandler } from './settle-checkout-claim.handler';

@Module({
  imports: [TypeOrmModule.forFeature([CheckoutEntity, MerchantAccountEntity])],
  controllers: [CheckoutsController],
  providers: [
    { provide: CLOCK, useValue: systemClock },
    CheckoutRepository,
    CreateCheckoutHandler,
    GetCheckoutHandler,
    CancelCheckoutHandler,
    PayTestCheckoutHandler,
    CheckoutPageHandler,
    ClaimCheckoutHandler,
    SettleCheckoutClaimHandler,
  ],
  exports: [CheckoutRepository, SettleCheckoutClaimHandler],
})
export class CheckoutsModule {}
