import { Controller, Get, Header, HttpCode, Inject, Param, Post } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CheckoutPage, Pattern } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Public, RequestId } from '../auth/auth-context';
import { MerchantEntity } from '../merchants/merchant.entity';
import { CHECKOUT_PAGE_HTML } from './checkout-page.html';
import { CONNECT_COMPLETE_HTML } from './connect-complete.html';

/** What the page script reads: its checkout, and who is asking to be paid. */
interface CheckoutPageState {
  business_name: string;
  status: string;
  amount: number;
  delivery_fee: number;
  items_subtotal: number;
  currency: string;
  payment_intent_id: string;
  client_secret: string;
  publishable_key: string;
  processor_url: string | null;
  success_url: string | null;
  cancel_url: string | null;
}

/**
 * The hosted payment page behind `checkout_url`, public (the customer has no
 * API key), reached by the unguessable checkout id alone; and the page
 * Connect onboarding returns the merchant to.
 */
@ApiExcludeController()
@Public()
@Controller()
export class CheckoutPageController {
  constructor(
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @InjectRepository(MerchantEntity) private readonly merchants: Repository<MerchantEntity>,
  ) {}

  @Get('checkout/:checkoutId')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  page(): string {
    return CHECKOUT_PAGE_HTML;
  }

  /** The checkout as the processor has it now: the page asks after every payment attempt. */
  @Post('checkout/:checkoutId/refresh')
  @HttpCode(200)
  @Header('cache-control', 'no-store')
  async refresh(@Param('checkoutId') checkoutId: string, @RequestId() requestId: string): Promise<CheckoutPageState> {
    return this.state(await this.bus.request(Pattern.RefreshCheckoutPage, { checkoutId }, { requestId }));
  }

  @Get('connect/complete')
  @Header('content-type', 'text/html; charset=utf-8')
  connectComplete(): string {
    return CONNECT_COMPLETE_HTML;
  }

  private async state(page: CheckoutPage): Promise<CheckoutPageState> {
    const merchant = await this.merchants.findOneBy({ id: page.merchantId });
    return {
      business_name: merchant?.businessName ?? 'the merchant',
      status: page.status,
      amount: page.amount,
      delivery_fee: page.deliveryFee,
      items_subtotal: page.itemsSubtotal,
      currency: page.currency,
      payment_intent_id: page.paymentIntentId,
      client_secret: page.clientSecret,
      publishable_key: page.publishableKey,
      processor_url: page.processorUrl,
      success_url: page.successUrl,
      cancel_url: page.cancelUrl,
    };
  }
}
