import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import type Stripe from 'stripe';
import { CheckoutPage, CheckoutRecord, MerchantScope } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { MoneyMovementEntity } from '../money-movements/money-movement.entity';
import { toRefundRecord } from '../money-movements/refund.record';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { checkoutStatus, statusAfterIntent } from './checkout-status';
import { checkoutNotFound } from './checkout-errors';
import { CheckoutEntity } from './checkout.entity';
import { toCheckoutRecord } from './checkout.record';

/** Reading, presenting and settling checkouts: what every checkout use case shares. */
@Injectable()
export class CheckoutRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(APP_CONFIG) private readonly config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The merchant's checkout in this mode; another merchant's or mode's is not found. */
  async find(scope: MerchantScope, checkoutId: string, param: string | null = null): Promise<CheckoutEntity> {
    const checkout = await this.dataSource.getRepository(CheckoutEntity).findOneBy({ id: checkoutId, merchantId: scope.merchantId, mode: scope.mode });
    if (!checkout) throw checkoutNotFound(param);
    return checkout;
  }

  /** A checkout reached by its id alone (the payment page's unguessable link). */
  async getById(checkoutId: string): Promise<CheckoutEntity> {
    const checkout = await this.findById(checkoutId);
    if (!checkout) throw checkoutNotFound();
    return checkout;
  }

  findById(checkoutId: string): Promise<CheckoutEntity | null> {
    return this.dataSource.getRepository(CheckoutEntity).findOneBy({ id: checkoutId });
  }

  findByIntent(paymentIntentId: string): Promise<CheckoutEntity | null> {
    return this.dataSource.getRepository(CheckoutEntity).findOneBy({ paymentIntentId });
  }

  /** A checkout as it was made or paid just now: no refund yet (creation and payment need not read them). */
  present(checkout: CheckoutEntity, ephemeralKey: string | null = null): CheckoutRecord {
    const context = { now: this.clock.now(), publicBaseUrl: this.config.PUBLIC_BASE_URL, publishableKey: this.processor.publishableKey(checkout.mode) };
    return toCheckoutRecord(checkout, context, ephemeralKey);
  }

  /** What the hosted payment page shows of a checkout. */
  presentPage(checkout: CheckoutEntity): CheckoutPage {
    return {
      checkoutId: checkout.id,
      merchantId: checkout.merchantId,
      mode: checkout.mode,
      status: checkoutStatus(checkout.status, checkout.expiresAt, this.clock.now()),
      amount: checkout.amount,
      deliveryFee: checkout.deliveryFee,
      itemsSubtotal: checkout.itemsSubtotal,
      currency: checkout.currency,
      paymentIntentId: checkout.paymentIntentId,
      clientSecret: checkout.clientSecret,
      publishableKey: this.processor.publishableKey(checkout.mode),
      processorUrl: this.processor.browserApiUrl,
      successUrl: checkout.successUrl,
      cancelUrl: checkout.cancelUrl,
    };
  }

  /** A checkout with its refunds, oldest first, and the status they give it. */
  async presentWithRefunds(checkout: CheckoutEntity): Promise<CheckoutRecord> {
    const [record] = await this.presentManyWithRefunds([checkout]);
    return record;
  }

  /** Checkouts with their refunds (one query for all of them), in the order given. */
  async presentManyWithRefunds(checkouts: CheckoutEntity[]): Promise<CheckoutRecord[]> {
    if (checkouts.length === 0) return [];
    const refunds = await this.dataSource
      .getRepository(MoneyMovementEntity)
      .find({ where: { checkoutId: In(checkouts.map((checkout) => checkout.id)), kind: 'refund' }, order: { createdAt: 'ASC', id: 'ASC' } });
    const now = this.clock.now();
    return checkouts.map((checkout) => {
      const context = { now, publicBaseUrl: this.config.PUBLIC_BASE_URL, publishableKey: this.processor.publishableKey(checkout.mode) };
      const own = refunds.filter((refund) => refund.checkoutId === checkout.id);
      return toCheckoutRecord(checkout, context, null, own.map(toRefundRecord));
    });
  }

  /** Asks the processor how the checkout's payment stands and records it. */
  async refresh(checkout: CheckoutEntity): Promise<CheckoutEntity> {
    const intent = await this.processor.client(checkout.mode).paymentIntents.retrieve(checkout.paymentIntentId);
    return this.applyIntent(checkout, intent);
  }

  /**
   * Records what the processor said of the checkout's intent. Guarded by the
   * status read, so a concurrent change (the processor's event arriving at
   * the same time) is never overwritten with an older view.
   */
  async applyIntent(checkout: CheckoutEntity, intent: Pick<Stripe.PaymentIntent, 'status' | 'last_payment_error'>): Promise<CheckoutEntity> {
    const next = statusAfterIntent(checkout.status, { status: intent.status, lastPaymentError: intent.last_payment_error != null });
    if (next === checkout.status) return checkout;
    const now = this.clock.now();
    // The status becomes `paid` once (guarded by the status read): that moment is when the payment was paid.
    const change = { status: next, updatedAt: now, ...(next === 'paid' ? { paidAt: now } : {}) };
    const result = await this.dataSource.getRepository(CheckoutEntity).update({ id: checkout.id, status: checkout.status }, change);
    if (result.affected === 1) return Object.assign(checkout, change);
    return (await this.findById(checkout.id)) ?? checkout;
  }
}
