import { EntityManager } from 'typeorm';
import type { DeliveryEvent } from '@sdd/contracts';
import { newId } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { OutboxEventEntity } from './outbox-event.entity';

/**
 * Records an event of the delivery inside the caller's transaction, numbered
 * after the delivery's previous one. The caller saves the delivery (with its
 * new eventSequence) in the same transaction.
 */
export async function appendEvent(
  manager: EntityManager,
  delivery: DeliveryEntity,
  type: string,
  payload: DeliveryEvent['data'],
  at: Date,
): Promise<OutboxEventEntity> {
  delivery.eventSequence += 1;
  const event = Object.assign(new OutboxEventEntity(), {
    id: newId('evt'),
    deliveryId: delivery.id,
    sequence: delivery.eventSequence,
    type,
    payload,
    createdAt: at,
    publishedAt: null,
  });
  await manager.insert(OutboxEventEntity, event);
  return event;
}
