import { EntityManager } from 'typeorm';
import { DeliveryStatus } from '@sdd/contracts';
import { newId } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { trackingUrl } from '../deliveries/delivery.record';
import { recipientMessageFor } from './recipient-message';

/**
 * Writes the recipient's email for this step in the transition's own
 * transaction, so a notification is never lost (nor sent for a change that
 * rolled back); the NotificationSender sends it afterwards. Live deliveries
 * only: test mode never emails a real recipient.
 */
export async function recordNotification(manager: EntityManager, delivery: DeliveryEntity, step: DeliveryStatus, publicBaseUrl: string, now: Date): Promise<void> {
  if (delivery.mode !== 'live' || !delivery.customer.email) return;
  const message = recipientMessageFor(step, { recipientName: delivery.customer.name, trackingUrl: trackingUrl(publicBaseUrl, delivery), pickupName: delivery.pickup.name });
  if (!message) return;
  await manager.query(
    `INSERT INTO "${manager.connection.driver.schema}".notifications (id, delivery_id, step, recipient, subject, body, status, next_attempt_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7) ON CONFLICT (delivery_id, step) DO NOTHING`,
    [newId('ntf'), delivery.id, step, delivery.customer.email, message.subject, message.text, now],
  );
}
