import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type Stripe from 'stripe';
import { Mode, ProcessorEventRequest } from '@sdd/contracts';
import { AppError, Clock, CLOCK } from '@sdd/common';
import { MerchantAccountEntity } from '../accounts/merchant-account.entity';
import { isLatePayment } from '../checkouts/checkout-status';
import { CheckoutEntity } from '../checkouts/checkout.entity';
import { CheckoutRepository } from '../checkouts/checkout.repository';
import { recordCheckoutRefund } from '../money-movements/checkout-refund';
import { MoneyMovementTask } from '../money-movements/money-movement.task';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { processorEventProblem } from './processor-event-shape';

/**
 * POST /v1/stripe/webhook, as the gateway received it: verified against the
 * raw body with the mode's signing secret (`stripe.webhooks.constructEvent`),
 * then applied once per event id. Applying is itself idempotent (a paid
 * checkout stays paid), so an event seen again after a crash changes nothing.
 * A payment that arrives for a checkout nobody can use any more (cancelled,
 * expired) is refunded in full, once (one refund per such checkout).
 */
@Injectable()
export class ReceiveProcessorEventHandler {
  private readonly logger = new Logger(ReceiveProcessorEventHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly checkouts: CheckoutRepository,
    private readonly moneyMovements: MoneyMovementTask,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ payload, signature }: ProcessorEventRequest): Promise<{ received: boolean }> {
    const verified = this.processor.verifyEvent(payload, signature);
    if (!verified || verified.event.livemode !== (verified.mode === 'live')) {
      throw AppError.invalidRequest('signature_invalid', 'The Stripe-Signature header does not match the payload.', 'Stripe-Signature');
    }
    const { event, mode } = verified;
    const problem = processorEventProblem(event);
    if (problem) throw AppError.invalidRequest(problem === 'data.object' ? 'parameter_missing' : 'parameter_invalid', `The event has no usable ${problem}.`, problem);
    const table = `"${this.dataSource.driver.schema}".processor_events`;
    const [seen] = await this.dataSource.query(`SELECT 1 FROM ${table} WHERE id = $1`, [event.id]);
    if (seen) return { received: true };
    await this.apply(event, mode);
    await this.dataSource.query(`INSERT INTO ${table} (id, type, mode, received_at) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`, [
      event.id,
      event.type,
      mode,
      this.clock.now(),
    ]);
    return { received: true };
  }

  private async apply(event: Stripe.Event, mode: Mode): Promise<void> {
    switch (event.type) {
      case 'payment_intent.succeeded':
      case 'payment_intent.payment_failed': {
        const intent = event.data.object;
        const checkout = await this.checkouts.findByIntent(intent.id);
        if (!checkout || checkout.mode !== mode) {
          this.logger.warn(`${event.type} ${event.id}: no ${mode} checkout has intent ${intent.id}`);
          return;
        }
        if (event.type === 'payment_intent.succeeded' && isLatePayment(checkout.status, checkout.expiresAt, this.clock.now())) {
          await this.refundLatePayment(checkout.id, intent);
          return;
        }
        await this.checkouts.applyIntent(checkout, intent);
        return;
      }
      case 'account.updated': {
        const account = event.data.object;
        await this.dataSource
          .getRepository(MerchantAccountEntity)
          .update(
            { stripeAccountId: account.id, mode },
            { chargesEnabled: account.charges_enabled ?? false, payoutsEnabled: account.payouts_enabled ?? false, updatedAt: this.clock.now() },
          );
        return;
      }
      default:
        // Events we do not act on are acknowledged, as Stripe expects, so it does not retry them.
        return;
    }
  }

  /**
   * Decided again under the checkout's row lock, so a cancellation or the
   * expiry pass at the same moment is seen: the refund is recorded in the
   * transaction that closes an unpaid checkout past its validity (`expired`).
   */
  private async refundLatePayment(checkoutId: string, intent: Stripe.PaymentIntent): Promise<void> {
    const recorded = await this.dataSource.transaction(async (manager) => {
      const checkout = await manager.findOne(CheckoutEntity, { where: { id: checkoutId }, lock: { mode: 'pessimistic_write' } });
      const now = this.clock.now();
      if (!checkout || checkout.claimedBy !== null || !isLatePayment(checkout.status, checkout.expiresAt, now)) return false;
      await recordCheckoutRefund(manager, checkout, { amount: intent.amount_received, currency: intent.currency, reason: 'late_payment' }, now);
      if (checkout.status === 'open' || checkout.status === 'failed') await manager.update(CheckoutEntity, { id: checkout.id }, { status: 'expired', updatedAt: now });
      return true;
    });
    if (recorded) this.moneyMovements.poke();
    else this.logger.warn(`payment of ${intent.id} arrived while its checkout ${checkoutId} changed: left as it is`);
  }
}
