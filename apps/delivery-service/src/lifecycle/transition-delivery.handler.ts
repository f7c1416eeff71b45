import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DeliveryRecord, DeliveryStatus, MerchantScope } from '@sdd/contracts';
import { inScope } from '@sdd/persistence';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { OutboxRelay } from '../outbox/outbox-relay';
import { deliveryNotFound } from '../deliveries/delivery-errors';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { toDeliveryRecord } from '../deliveries/delivery.record';
import { endOf } from '../deliveries/delivery-disclosure';
import { stepsTo } from './delivery-status';
import { DeliveryStatusRepository } from './delivery-status.repository';
import { planSteps } from './plan-steps';

/** How a move is asked for. */
export interface MoveOptions {
  /** The caller's merchant and mode: a delivery outside it is not found. */
  scope?: MerchantScope;
  /** Also pass through the test-flow steps before `to` (each with its event) when the delivery is behind. */
  catchUp?: boolean;
  /** Columns the move sets besides the status, from the delivery as read. */
  changesFor?: (delivery: DeliveryEntity) => Partial<DeliveryEntity>;
}

/** `eventTypes`: the events the move wrote, for the relay to wake their subscribers' lanes only. */
export type TransitionResult = { moved: true; delivery: DeliveryRecord; eventTypes: string[] } | { moved: false; delivery: DeliveryRecord; from: DeliveryStatus };

/**
 * The one way a delivery's status changes: move only if the state machine
 * allows it (a cancelled delivery stays cancelled), and write the change and
 * its events together. A test delivery (no driver, no notification) is read
 * without a lock and written by a compare-and-set, which writes nothing if
 * its status or events moved meanwhile; the reads and the compare-and-sets
 * of steps due together (a timeline's burst) each go in one statement. That
 * a compare-and-set did not write, a live delivery, and a step with nothing
 * to do are re-read under a row lock and decided in a transaction.
 */
@Injectable()
export class TransitionDeliveryHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: DeliveryStatusRepository,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(deliveryId: string, to: DeliveryStatus, options: MoveOptions = {}): Promise<TransitionResult> {
    const result = (await this.moveTestDelivery(deliveryId, to, options)) ?? (await this.moveLocked(deliveryId, to, options));
    if (result.moved) this.relay.poke(result.eventTypes);
    return result;
  }

  /** Undefined when the locked way must decide. */
  private async moveTestDelivery(deliveryId: string, to: DeliveryStatus, { scope, catchUp = false, changesFor }: MoveOptions): Promise<TransitionResult | undefined> {
    const delivery = await this.deliveries.read(deliveryId);
    if (!delivery || delivery.mode !== 'test' || (scope && (delivery.merchantId !== scope.merchantId || delivery.mode !== scope.mode))) return undefined;
    const steps = stepsTo(delivery.status, to, { catchUp });
    if (!steps) return undefined;
    const from = { status: delivery.status, eventSequence: delivery.eventSequence };
    const now = this.clock.now();
    // A test delivery has no driver to locate: its end is a time only.
    const changes = { ...changesFor?.(delivery), ...endOf(steps, now, null) };
    const events = planSteps(delivery, steps, now, this.config.PUBLIC_BASE_URL, changes);
    const moved = await this.deliveries.moveIfUnchanged({ delivery, from, now, events, changes });
    return moved ? { moved: true, delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL), eventTypes: events.map((event) => event.type) } : undefined;
  }

  private moveLocked(deliveryId: string, to: DeliveryStatus, { scope, catchUp = false, changesFor }: MoveOptions): Promise<TransitionResult> {
    return this.dataSource.transaction(async (manager): Promise<TransitionResult> => {
      const where = scope ? { id: deliveryId, ...inScope(scope) } : { id: deliveryId };
      const delivery = await manager.findOne(DeliveryEntity, { where, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw deliveryNotFound();
      const steps = stepsTo(delivery.status, to, { catchUp });
      if (!steps) {
        return { moved: false, delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL), from: delivery.status };
      }
      const eventTypes = await this.deliveries.moveLocked(manager, delivery, steps, {
        now: this.clock.now(),
        publicBaseUrl: this.config.PUBLIC_BASE_URL,
        changes: changesFor?.(delivery),
      });
      return { moved: true, delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL), eventTypes };
    });
  }
}
