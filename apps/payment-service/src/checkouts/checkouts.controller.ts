import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { BusHandler } from '@sdd/bus';
import {
  CheckoutClaimRef,
  CheckoutPage,
  CheckoutPageRequest,
  CheckoutRecord,
  CheckoutRecordPage,
  CheckoutRef,
  CreateCheckoutReply,
  CreateCheckoutRequest,
  ListCheckoutsRequest,
  Pattern,
  PaymentRecord,
  PayTestCheckoutRequest,
} from '@sdd/contracts';
import { CancelCheckoutHandler } from './cancel-checkout.handler';
import { ClaimCheckoutHandler } from './claim-checkout.handler';
import { ConfirmCheckoutClaimHandler } from './confirm-checkout-claim.handler';
import { CreateCheckoutHandler } from './create-checkout.handler';
import { GetCheckoutPageHandler } from './get-checkout-page.handler';
import { GetCheckoutHandler } from './get-checkout.handler';
import { ListCheckoutsHandler } from './list-checkouts.handler';
import { PayTestCheckoutHandler } from './pay-test-checkout.handler';
import { RefreshCheckoutPageHandler } from './refresh-checkout-page.handler';
import { ReleaseCheckoutClaimHandler } from './release-checkout-claim.handler';

@Controller()
export class CheckoutsController {
  constructor(
    private readonly createCheckout: CreateCheckoutHandler,
    private readonly getCheckout: GetCheckoutHandler,
    private readonly cancelCheckout: CancelCheckoutHandler,
    private readonly payTestCheckout: PayTestCheckoutHandler,
    private readonly getCheckoutPage: GetCheckoutPageHandler,
    private readonly refreshCheckoutPage: RefreshCheckoutPageHandler,
    private readonly claimCheckout: ClaimCheckoutHandler,
    private readonly confirmClaim: ConfirmCheckoutClaimHandler,
    private readonly releaseClaim: ReleaseCheckoutClaimHandler,
    private readonly listCheckouts: ListCheckoutsHandler,
  ) {}

  @BusHandler(Pattern.CreateCheckout)
  create(@Payload() request: CreateCheckoutRequest): Promise<CreateCheckoutReply> {
    return this.createCheckout.execute(request);
  }

  @BusHandler(Pattern.GetCheckout)
  get(@Payload() request: CheckoutRef): Promise<CheckoutRecord> {
    return this.getCheckout.execute(request);
  }

  @BusHandler(Pattern.CancelCheckout)
  cancel(@Payload() request: CheckoutRef): Promise<CheckoutRecord> {
    return this.cancelCheckout.execute(request);
  }

  @BusHandler(Pattern.PayTestCheckout)
  pay(@Payload() request: PayTestCheckoutRequest): Promise<CheckoutRecord> {
    return this.payTestCheckout.execute(request);
  }

  @BusHandler(Pattern.GetCheckoutPage)
  page(@Payload() request: CheckoutPageRequest): Promise<CheckoutPage> {
    return this.getCheckoutPage.execute(request);
  }

  @BusHandler(Pattern.RefreshCheckoutPage)
  refreshPage(@Payload() request: CheckoutPageRequest): Promise<CheckoutPage> {
    return this.refreshCheckoutPage.execute(request);
  }

  @BusHandler(Pattern.ClaimCheckout)
  claim(@Payload() request: CheckoutClaimRef): Promise<PaymentRecord> {
    return this.claimCheckout.execute(request);
  }

  @BusHandler(Pattern.ConfirmCheckout)
  confirm(@Payload() request: CheckoutClaimRef): Promise<{ confirmed: boolean }> {
    return this.confirmClaim.execute(request);
  }

  @BusHandler(Pattern.ReleaseCheckout)
  release(@Payload() request: CheckoutClaimRef): Promise<{ released: boolean }> {
    return this.releaseClaim.execute(request);
  }

  @BusHandler(Pattern.ListCheckouts)
  list(@Payload() request: ListCheckoutsRequest): Promise<CheckoutRecordPage> {
    return this.listCheckouts.execute(request);
  }
}
