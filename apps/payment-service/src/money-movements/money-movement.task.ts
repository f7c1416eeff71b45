import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { Pattern } from '@sdd/contracts';
import { BUS_CLIENT, BusClient } from '@sdd/bus';
import { Clock, CLOCK, Metrics } from '@sdd/common';
import { APP_CONFIG, OneReplicaTask } from '@sdd/runtime';
import { PaymentServiceConfig } from '../config';
import { MerchantAccountEntity } from '../accounts/merchant-account.entity';
import { CheckoutEntity } from '../checkouts/checkout.entity';
import { PAYMENT_PROCESSOR, PaymentProcessor } from '../processor/payment-processor';
import { isTransientProcessorError } from '../processor/processor-errors';
import { checkoutRefundIdempotencyKey, keyOfRound, movementIdempotencyKey, movementRetryDelayMs } from './money-movement';
import { redactProcessorError } from './processor-error-redaction';
import { MoneyMovementEntity } from './money-movement.entity';
import { toRefundRecord } from './refund.record';

const BATCH = 20;

/**
 * Makes the transfers and refunds deliveries owe. Each call carries a key
 * derived from the delivery id, so if this process dies after the processor
 * made the transfer and before it is recorded here, the next pass (this
 * replica restarted, or another) asks again and the processor answers with
 * the transfer it already made. Each outcome is committed as soon as it is
 * known. One replica at a time (advisory lock).
 *
 * A delivery's refund, once made, is reported to delivery-service, which
 * records it on the delivery with its delivery.refunded event (outbox) and
 * answers only then; until it has answered, every pass reports it again
 * (`announced_at` stays null), so the event is never lost.
 */
@Injectable()
export class MoneyMovementTask extends OneReplicaTask {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(PAYMENT_PROCESSOR) private readonly processor: PaymentProcessor,
    @Inject(BUS_CLIENT) private readonly bus: BusClient,
    @Inject(APP_CONFIG) config: PaymentServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    super({ name: 'money movements', intervalMs: config.MONEY_MOVEMENT_INTERVAL_MS, dataSource, lock: `money-movements:${dataSource.driver.schema}` });
  }

  protected async passHoldingLock(manager: EntityManager): Promise<void> {
    const due = await manager
      .getRepository(MoneyMovementEntity)
      .createQueryBuilder('m')
      .where(`m.status = 'pending' AND m.next_attempt_at <= :now`, { now: this.clock.now() })
      .orderBy('m.next_attempt_at')
      .limit(BATCH)
      .getMany();
    for (const movement of due) await this.make(manager, movement);
    await this.announceRefunds(manager);
  }

  /** Reports the deliveries' refunds made and not yet recorded by delivery-service; one that fails is reported again next pass. */
  private async announceRefunds(manager: EntityManager): Promise<void> {
    const made = await manager
      .getRepository(MoneyMovementEntity)
      .createQueryBuilder('m')
      .where(`m.kind = 'refund' AND m.status = 'paid' AND m.delivery_id IS NOT NULL AND m.announced_at IS NULL`)
      .orderBy('m.updated_at')
      .limit(BATCH)
      .getMany();
    for (const refund of made) {
      const deliveryId = refund.deliveryId as string;
      try {
        await this.bus.request(Pattern.RecordDeliveryRefund, { scope: { merchantId: refund.merchantId, mode: refund.mode }, deliveryId, refund: toRefundRecord(refund) });
        await this.dataSource.manager.update(MoneyMovementEntity, { id: refund.id }, { announcedAt: this.clock.now() });
      } catch (error) {
        this.logger.warn(`refund of ${deliveryId} not recorded by delivery-service yet, reported again next pass: ${(error as Error).message}`);
      }
    }
  }

  private async make(manager: EntityManager, movement: MoneyMovementEntity): Promise<void> {
    const now = this.clock.now();
    try {
      const processorId = movement.kind === 'transfer' ? await this.transfer(manager, movement) : await this.refund(manager, movement);
      if (processorId === undefined) return;
      await this.dataSource.manager.update(
        MoneyMovementEntity,
        { id: movement.id },
        { status: 'paid', processorId, lastError: null, attempts: movement.attempts + 1, updatedAt: now },
      );
      Metrics.moneyMovements.inc({ kind: movement.kind, outcome: 'succeeded' });
    } catch (error) {
      const attempts = movement.attempts + 1;
      const transient = isTransientProcessorError(error);
      const message = redactProcessorError((error as Error).message);
      this.logger.warn(`${movement.kind} of ${movement.deliveryId ?? movement.checkoutId} ${transient ? 'will be tried again' : 'failed'}: ${message}`);
      Metrics.moneyMovements.inc({ kind: movement.kind, outcome: transient ? 'retrying' : 'failed' });
      await this.dataSource.manager.update(
        MoneyMovementEntity,
        { id: movement.id },
        transient
          ? { attempts, lastError: message, nextAttemptAt: new Date(now.getTime() + movementRetryDelayMs(attempts)), updatedAt: now }
          : { attempts, lastError: message, status: 'failed', failedAt: now, updatedAt: now },
      );
    }
  }

  /** Undefined while the merchant's connected account cannot take payouts yet: the transfer waits for it. */
  private async transfer(manager: EntityManager, movement: MoneyMovementEntity): Promise<string | undefined> {
    const account = await manager.findOneBy(MerchantAccountEntity, { merchantId: movement.merchantId, mode: movement.mode });
    if (!account?.payoutsEnabled) {
      const attempts = movement.attempts + 1;
      await this.dataSource.manager.update(
        MoneyMovementEntity,
        { id: movement.id },
        { attempts, lastError: 'the connected account cannot take payouts yet', nextAttemptAt: new Date(this.clock.now().getTime() + movementRetryDelayMs(attempts)) },
      );
      return undefined;
    }
    const transfer = await this.processor.client(movement.mode).transfers.create(
      {
        amount: movement.amount,
        currency: movement.currency,
        destination: account.stripeAccountId,
        transfer_group: movement.checkoutId,
        metadata: { delivery_id: movement.deliveryId, checkout_id: movement.checkoutId },
      },
      { idempotencyKey: keyOfRound(movementIdempotencyKey('transfer', movement.deliveryId as string), movement) },
    );
    return transfer.id;
  }

  /** A delivery's refund is keyed by the delivery, a checkout's (no delivery) by the checkout: each is made once. */
  private async refund(manager: EntityManager, movement: MoneyMovementEntity): Promise<string> {
    const checkout = await manager.findOneByOrFail(CheckoutEntity, { id: movement.checkoutId });
    // A delivery's refund keeps the parameters it always had: a retry under its key must send the same ones.
    const metadata: Record<string, string> = movement.deliveryId
      ? { delivery_id: movement.deliveryId, checkout_id: movement.checkoutId }
      : { checkout_id: movement.checkoutId, reason: movement.reason ?? '' };
    const refund = await this.processor
      .client(movement.mode)
      .refunds.create(
        { payment_intent: checkout.paymentIntentId, amount: movement.amount, metadata },
        { idempotencyKey: keyOfRound(movement.deliveryId ? movementIdempotencyKey('refund', movement.deliveryId) : checkoutRefundIdempotencyKey(movement.checkoutId), movement) },
      );
    return refund.id;
  }
}
