import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CLOCK, systemClock } from '@sdd/common';
import { MerchantAccountEntity } from '../accounts/merchant-account.entity';
import { CancelCheckoutHandler } from './cancel-checkout.handler';
import { CheckoutEntity } from './checkout.entity';
import { CheckoutRepository } from './checkout.repository';
import { CheckoutsController } from './checkouts.controller';
import { ClaimCheckoutHandler } from './claim-checkout.handler';
import { ConfirmCheckoutClaimHandler } from './confirm-checkout-claim.handler';
import { CreateCheckoutHandler } from './create-checkout.handler';
import { GetCheckoutPageHandler } from './get-checkout-page.handler';
import { GetCheckoutHandler } from './get-checkout.handler';
import { ListCheckoutsHandler } from './list-checkouts.handler';
import { PayTestCheckoutHandler } from './pay-test-checkout.handler';
import { RefreshCheckoutPageHandler } from './refresh-checkout-page.handler';
import { ReleaseCheckoutClaimHandler } from './release-checkout-claim.handler';

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
    GetCheckoutPageHandler,
    RefreshCheckoutPageHandler,
    ClaimCheckoutHandler,
    ConfirmCheckoutClaimHandler,
    ReleaseCheckoutClaimHandler,
    ListCheckoutsHandler,
  ],
  exports: [CheckoutRepository, ConfirmCheckoutClaimHandler, ReleaseCheckoutClaimHandler],
})
export class CheckoutsModule {}
