import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryEvent, DeliveryEventReceipt, moneyMovementFor } from '@sdd/contracts';
import { acceptedDeliveryEvents } from '@sdd/bus';
import { Clock, CLOCK, newId } from '@sdd/common';
import { CheckoutEntity } from '../checkouts/checkout.entity';
import { MoneyMovementEntity } from './money-movement.entity';
import { MoneyMovementTask } from './money-movement.task';

/**
 * Takes delivery events from delivery-service's outbox and records the money
 * each one moves before acknowledging it: the event is acknowledged only once
 * its movement is stored, so neither can be lost. One movement of each kind
 * per delivery (unique), so an event offered twice moves money once.
 */
@Injectable()
export class IngestPaymentEventsHandler {
  private readonly logger = new Logger(IngestPaymentEventsHandler.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly moneyMovements: MoneyMovementTask,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(payload: unknown): Promise<DeliveryEventReceipt> {
    const events = acceptedDeliveryEvents(payload, this.logger);
    const acknowledged: string[] = [];
    let recorded = false;
    for (const event of events) {
      try {
        recorded = (await this.record(event)) || recorded;
        acknowledged.push(event.id);
      } catch (error) {
        this.logger.warn(`delivery event ${event.id} not recorded, left for the next offer: ${(error as Error).message}`);
      }
    }
    if (recorded) this.moneyMovements.poke();
    return { acknowledged };
  }

  /** True when the event owes money; an event of a delivery no checkout funds owes none. */
  private async record(event: DeliveryEvent): Promise<boolean> {
    const checkout = await this.dataSource.getRepository(CheckoutEntity).findOneBy({ claimedBy: event.delivery_id, merchantId: event.merchant_id });
    if (!checkout?.payment || checkout.mode !== event.data.mode) return false;
    const plan = moneyMovementFor(event.type, checkout.payment);
    if (!plan) return false;
    const now = this.clock.now();
    await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(MoneyMovementEntity)
      .values({
        id: newId(plan.kind === 'transfer' ? 'po' : 'rf'),
        merchantId: checkout.merchantId,
        mode: checkout.mode,
        deliveryId: event.delivery_id,
        checkoutId: checkout.id,
        kind: plan.kind,
        amount: plan.amount,
        currency: checkout.currency,
        status: 'pending',
        reason: plan.reason,
        announcedAt: null,
        processorId: null,
        attempts: 0,
        nextAttemptAt: now,
        lastError: null,
        createdAt: now,
        updatedAt: now,
      })
      .orIgnore()
      .execute();
    return true;
  }
}
