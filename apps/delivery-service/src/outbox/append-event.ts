import { EntityManager } from 'typeorm';
import { EVENT_SUBSCRIPTIONS, EventType } from '@sdd/contracts';
import type { DeliveryEvent } from '@sdd/contracts';
import { newId } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { OutboxEventEntity } from './outbox-event.entity';

/**
 * Records an event of the delivery inside the caller's transaction, numbered
 * after the delivery's previous one, with one hand-off per subscriber that
 * stays open until that subscriber acknowledges it. The caller saves the
 * delivery (with its new eventSequence) in the same transaction.
 */
export async function appendEvent(
  manager: EntityManager,
  delivery: DeliveryEntity,
  type: EventType,
  payload: DeliveryEvent['data'],
  at: Date,
): Promise<OutboxEventEntity> {
  const event = nextEvent(delivery, type, payload, at);
  await writeEvent(manager, event);
  return event;
}

/** Writes an event made by nextEvent, with its hand-offs, in the caller's transaction. */
export async function writeEvent(manager: EntityManager, event: OutboxEventEntity): Promise<void> {
  await manager.insert(OutboxEventEntity, event);
  const subscribers = EVENT_SUBSCRIPTIONS[event.type as EventType];
  if (subscribers.length > 0) {
    await manager.query(
      `INSERT INTO "${manager.connection.driver.schema}".outbox_handoffs (subscriber, event_id, created_at, delivery_id, sequence)
       SELECT unnest($1::text[]), $2, $3, $4, $5`,
      [subscribers, event.id, event.createdAt, event.deliveryId, event.sequence],
    );
  }
}

/** The delivery's next event, numbered after its previous one (the delivery's eventSequence moves on). */
export function nextEvent(delivery: DeliveryEntity, type: EventType, payload: DeliveryEvent['data'], at: Date): OutboxEventEntity {
  delivery.eventSequence += 1;
  return Object.assign(new OutboxEventEntity(), {
    id: newId('evt'),
    deliveryId: delivery.id,
    sequence: delivery.eventSequence,
    type,
    payload,
    createdAt: at,
  });
}
