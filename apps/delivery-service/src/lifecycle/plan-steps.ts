import { DeliveryStatus } from '@sdd/contracts';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { deliverySnapshot } from '../deliveries/delivery.record';
import { DriverEntity } from '../drivers/driver.entity';
import { OutboxEventEntity } from '../outbox/outbox-event.entity';
import { nextEvent } from '../outbox/outbox.repository';
import { eventTypeFor } from './delivery-status';
import { scenarioEventsBefore } from './test-timeline';

/**
 * Moves the delivery (in memory) through `steps` and returns their events, in
 * order: what DeliveryStatusRepository writes. `driver`: the assigned driver,
 * shown in the events as GET /v1/deliveries/{id} shows it at each step.
 */
export function planSteps(
  delivery: DeliveryEntity,
  steps: DeliveryStatus[],
  now: Date,
  publicBaseUrl: string,
  changes: Partial<DeliveryEntity> = {},
  driver: DriverEntity | null = null,
): OutboxEventEntity[] {
  Object.assign(delivery, changes);
  const events: OutboxEventEntity[] = [];
  for (const step of steps) {
    for (const type of scenarioEventsBefore(delivery.testScenario, step)) {
      events.push(nextEvent(delivery, type, deliverySnapshot(delivery, publicBaseUrl, undefined, driver), now));
    }
    delivery.status = step;
    delivery.updatedAt = now;
    const type = eventTypeFor(step);
    if (type) events.push(nextEvent(delivery, type, deliverySnapshot(delivery, publicBaseUrl, step === 'delivered' ? now : undefined, driver), now));
  }
  return events;
}
