import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type Stripe from 'stripe';
import { CheckoutCustomer, CreateCheckoutReply, CreateCheckoutRequest, MerchantScope, Pattern } from '@sdd/contracts';
import { Clock, CLOCK, derivedId, newId } from '@sdd/common';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { APP_CONFIG } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { MerchantAccountEntity } from '../accounts/merchant-account.entity';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { processorFailure } from '../processor/processor-errors';
import { quoteAlreadyUsed, stripeNotConnected } from './checkout-errors';
import { CheckoutEntity } from './checkout.entity';
import { CheckoutRepository } from './checkout.repository';

/**
 * POST /v1/checkouts: one PaymentIntent for the items plus the quote's
 * delivery fee. With an idempotency key every attempt names the same
 * checkout, and every processor call carries a key derived from its id, so a
 * retry after a crash anywhere makes no second customer or intent.
 */
@Injectable()
export class CreateCheckoutHandler {
  private readonly logger = new Logger(CreateCheckoutHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly checkouts: CheckoutRepository,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) private readonly config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(request: CreateCheckoutRequest): Promise<CreateCheckoutReply> {
    const { scope } = request;
    const id = request.idempotencyKey === undefined ? newId('chk') : derivedId('chk', scope.merchantId, scope.mode, request.idempotencyKey);
    const earlier = await this.dataSource.getRepository(CheckoutEntity).findOneBy({ id, merchantId: scope.merchantId, mode: scope.mode });
    if (earlier) return { checkout: this.checkouts.present(earlier), replayed: true };
    if (scope.mode === 'live') await this.assertConnected(scope);
    const quote = await this.bus.request(Pattern.GetQuote, { scope, quoteId: request.quoteId });
    if (quote.used) throw quoteAlreadyUsed();

    const stripe = this.processor.client(scope.mode);
    const amount = request.itemsSubtotal + quote.fee;
    let customerId: string;
    let intent: Stripe.PaymentIntent;
    let ephemeralKey: string | null = null;
    try {
      customerId = await this.customerFor(stripe, request.customer, id);
      intent = await stripe.paymentIntents.create(
        {
          amount,
          currency: quote.currency,
          customer: customerId,
          transfer_group: id,
          metadata: { checkout_id: id, quote_id: quote.id, merchant_id: scope.merchantId, mode: scope.mode },
          ...(request.customer.email ? { receipt_email: request.customer.email } : {}),
        },
        { idempotencyKey: `${id}:payment_intent` },
      );
      if (request.stripeVersion !== null) {
        const key = await stripe.ephemeralKeys.create({ customer: customerId }, { apiVersion: request.stripeVersion });
        ephemeralKey = key.secret ?? null;
      }
    } catch (error) {
      this.logger.warn(`checkout ${id}: the processor refused or failed: ${(error as Error).message}`);
      throw processorFailure(error);
    }
    const now = this.clock.now();
    const checkout = Object.assign(new CheckoutEntity(), {
      id,
      merchantId: scope.merchantId,
      mode: scope.mode,
      quoteId: quote.id,
      status: 'open',
      currency: quote.currency,
      deliveryFee: quote.fee,
      itemsSubtotal: request.itemsSubtotal,
      amount,
      customerId,
      customer: request.customer,
      paymentIntentId: intent.id,
      clientSecret: intent.client_secret ?? '',
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      claimedBy: null,
      claimedUntil: null,
      paidAt: null,
      usedAt: null,
      payment: null,
      expiresAt: new Date(now.getTime() + this.config.CHECKOUT_VALIDITY_MS),
      createdAt: now,
      updatedAt: now,
    } satisfies CheckoutEntity);
    const inserted = await this.dataSource.createQueryBuilder().insert().into(CheckoutEntity).values(checkout).orIgnore().returning(['id']).execute();
    if ((inserted.raw as unknown[]).length === 0) {
      // A concurrent attempt of the same request wrote it first: its checkout is the answer.
      const concurrent = await this.dataSource.getRepository(CheckoutEntity).findOneBy({ id });
      if (concurrent) return { checkout: this.checkouts.present(concurrent), replayed: true };
    }
    return { checkout: this.checkouts.present(checkout, ephemeralKey), replayed: false };
  }

  private async assertConnected(scope: MerchantScope): Promise<void> {
    const account = await this.dataSource.getRepository(MerchantAccountEntity).findOneBy({ merchantId: scope.merchantId, mode: scope.mode });
    if (!account?.chargesEnabled || !account.payoutsEnabled) throw stripeNotConnected();
  }

  /** The processor customer with this email when there is one (contract: reused when matched), else a new one. */
  private async customerFor(stripe: Stripe, customer: CheckoutCustomer, checkoutId: string): Promise<string> {
    if (customer.email) {
      const found = await stripe.customers.search({ query: `email:'${customer.email.replace(/['\\]/g, '\\$&')}'`, limit: 1 });
      if (found.data[0]) return found.data[0].id;
    }
    const created = await stripe.customers.create(
      {
        ...(customer.email ? { email: customer.email } : {}),
        ...(customer.name ? { name: customer.name } : {}),
        ...(customer.phone ? { phone: customer.phone } : {}),
      },
      { idempotencyKey: `${checkoutId}:customer` },
    );
    return created.id;
  }
}
