import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryStatus } from '@sdd/contracts';
import { newId } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { trackingUrl } from '../deliveries/delivery.record';
import { recipientMessageFor } from './recipient-message';

/** A notification whose time to be sent has come. */
export interface DueNotification {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/** The one class that reads and writes the notifications table: recorded with a status change, sent afterwards, purged once done. */
@Injectable()
export class NotificationRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get table(): string {
    return `"${this.dataSource.driver.schema}".notifications`;
  }

  /**
   * Writes the recipient's email for this step in the transition's own
   * transaction, so a notification is never lost (nor sent for a change that
   * rolled back); RecipientNotificationTask sends it afterwards. Live deliveries
   * only: test mode never emails a real recipient.
   */
  async record(manager: EntityManager, delivery: DeliveryEntity, step: DeliveryStatus, { publicBaseUrl, now }: { publicBaseUrl: string; now: Date }): Promise<void> {
    if (delivery.mode !== 'live' || !delivery.customer.email) return;
    const message = recipientMessageFor(step, { recipientName: delivery.customer.name, trackingUrl: trackingUrl(publicBaseUrl, delivery), pickupName: delivery.pickup.name });
    if (!message) return;
    await manager.query(
      `INSERT INTO ${this.table} (id, delivery_id, step, recipient, subject, body, status, next_attempt_at, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7, $7) ON CONFLICT (delivery_id, step) DO NOTHING`,
      [newId('ntf'), delivery.id, step, delivery.customer.email, message.subject, message.text, now],
    );
  }

  due(manager: EntityManager, now: Date, limit: number): Promise<DueNotification[]> {
    return manager.query(`SELECT id, recipient, subject, body, attempts FROM ${this.table} WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2`, [
      now,
      limit,
    ]);
  }

  async markSent(id: string, now: Date): Promise<void> {
    await this.dataSource.query(`UPDATE ${this.table} SET status = 'sent', sent_at = $2, attempts = attempts + 1 WHERE id = $1`, [id, now]);
  }

  /** An attempt that failed: tried again at `nextAttemptAt`, or failed for good. */
  async markAttemptFailed(id: string, { attempts, failed, nextAttemptAt }: { attempts: number; failed: boolean; nextAttemptAt: Date }): Promise<void> {
    await this.dataSource.query(`UPDATE ${this.table} SET attempts = $2, status = $3, next_attempt_at = $4 WHERE id = $1`, [
      id,
      attempts,
      failed ? 'failed' : 'pending',
      nextAttemptAt,
    ]);
  }

  /** Deletes up to `limit` notifications older than `before` no longer pending; answers the driver's result, for deletedCount. */
  purgeDone(manager: EntityManager, before: Date, limit: number): Promise<unknown> {
    return manager.query(
      `DELETE FROM ${this.table} WHERE id IN (
         SELECT id FROM ${this.table} WHERE created_at < $1 AND status <> 'pending' ORDER BY created_at LIMIT ${limit})`,
      [before],
    );
  }
}
