import { Inject, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryRecord, MerchantScope } from '@sdd/contracts';
import { Clock, CLOCK } from '@sdd/common';
import { APP_CONFIG } from '@sdd/runtime';
import { DeliveryServiceConfig } from '../config';
import { appendEvent } from '../outbox/append-event';
import { recordNotification } from '../notifications/record-notification';
import { OutboxRelay } from '../outbox/outbox-relay';
import { deliveryNotFound } from './delivery-errors';
import { DeliveryEntity } from './delivery.entity';
import { deliverySnapshot, toDeliveryRecord } from './delivery.record';
import { DeliveryStatus } from '@sdd/contracts';
import { canTransition, eventTypeFor, nextTestStatus } from './delivery-status';
import { scenarioEventsBefore } from './test-timeline';

/**
 * The steps from `from` to `to` along the test flow, or undefined when `to`
 * is not ahead. Lets a step that runs late or out of order (several came due
 * together after a restart) bring the delivery up to date, in order, instead
 * of being refused for skipping the steps before it.
 */
export function testPath(from: DeliveryStatus, to: DeliveryStatus): DeliveryStatus[] | undefined {
  const path: DeliveryStatus[] = [];
  for (let at = nextTestStatus(from); at; at = nextTestStatus(at)) {
    path.push(at);
    if (at === to) return path;
  }
  return undefined;
}

/**
 * Moves a delivery, already read under a row lock in `manager`'s transaction,
 * through `steps`: each step's event goes to the outbox in the same
 * transaction. The caller has checked the state machine.
 */
export async function recordSteps(
  manager: EntityManager,
  delivery: DeliveryEntity,
  steps: DeliveryStatus[],
  now: Date,
  publicBaseUrl: string,
  changes: Partial<DeliveryEntity> = {},
): Promise<void> {
  Object.assign(delivery, changes);
  for (const step of steps) {
    for (const type of scenarioEventsBefore(delivery.testScenario, step)) {
      await appendEvent(manager, delivery, type, deliverySnapshot(delivery, publicBaseUrl), now);
    }
    delivery.status = step;
    delivery.updatedAt = now;
    const type = eventTypeFor(step);
    if (type) await appendEvent(manager, delivery, type, deliverySnapshot(delivery, publicBaseUrl, step === 'delivered' ? now : undefined), now);
    await recordNotification(manager, delivery, step, publicBaseUrl, now);
  }
  await manager.update(DeliveryEntity, { id: delivery.id }, { ...changes, status: delivery.status, updatedAt: now, eventSequence: delivery.eventSequence });
}

export type TransitionResult = { moved: true; delivery: DeliveryRecord } | { moved: false; delivery: DeliveryRecord; from: DeliveryStatus };

/**
 * The one way a delivery's status changes: re-read under a row lock, move only
 * if the state machine allows it (a cancelled delivery stays cancelled), and
 * write the change and its event in one transaction.
 */
@Injectable()
export class TransitionDeliveryHandler {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relay: OutboxRelay,
    @Inject(APP_CONFIG) private readonly config: DeliveryServiceConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** `catchUp`: also pass through the test-flow steps before `to` (each with its event) when the delivery is behind. */
  async execute(
    deliveryId: string,
    to: DeliveryStatus,
    scope?: MerchantScope,
    catchUp = false,
    changesFor: (delivery: DeliveryEntity) => Partial<DeliveryEntity> = () => ({}),
  ): Promise<TransitionResult> {
    const result = await this.dataSource.transaction(async (manager): Promise<TransitionResult> => {
      const where = scope ? { id: deliveryId, merchantId: scope.merchantId, mode: scope.mode } : { id: deliveryId };
      const delivery = await manager.findOne(DeliveryEntity, { where, lock: { mode: 'pessimistic_write' } });
      if (!delivery) throw deliveryNotFound();
      const steps = canTransition(delivery.status, to) ? [to] : catchUp ? testPath(delivery.status, to) : undefined;
      if (!steps) {
        return { moved: false, delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL), from: delivery.status };
      }
      await recordSteps(manager, delivery, steps, this.clock.now(), this.config.PUBLIC_BASE_URL, changesFor(delivery));
      return { moved: true, delivery: toDeliveryRecord(delivery, this.config.PUBLIC_BASE_URL) };
    });
    if (result.moved) this.relay.poke();
    return result;
  }
}
