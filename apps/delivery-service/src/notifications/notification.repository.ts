import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { DeliveryStatus, Mode, NotificationStatus } from '@sdd/contracts';
import { ListPosition, newId } from '@sdd/common';
import { DeliveryEntity } from '../deliveries/delivery.entity';
import { trackingUrl } from '../deliveries/delivery.record';
import { maskEmailsIn } from './masked-email';
import { recipientMessageFor } from './recipient-message';

/** A notification whose time to be sent has come. */
export interface DueNotification {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  attempts: number;
}

/** A notification as operators are shown it: its delivery's merchant and mode, and the recipient's address still whole (masked when presented). */
export interface OperatorNotificationRow {
  id: string;
  delivery_id: string;
  merchant_id: string;
  mode: Mode;
  step: DeliveryStatus;
  recipient: string;
  status: NotificationStatus;
  attempts: number;
  retries: number;
  last_error: string | null;
  failed_at: Date | null;
  sent_at: Date | null;
  created_at: Date;
}

/** The one class that reads and writes the notifications table: recorded with a status change, sent afterwards, purged once done. */
@Injectable()
export class NotificationRepository {
  constructor(private readonly dataSource: DataSource) {}

  private get table(): string {
    return `"${this.dataSource.driver.schema}".notifications`;
  }

  /** Notifications with their delivery's merchant and mode, as `n`. */
  private get withDelivery(): string {
    return `SELECT n.id, n.delivery_id, d.merchant_id, d.mode, n.step, n.recipient, n.status, n.attempts, n.retries, n.last_error, n.failed_at, n.sent_at, n.created_at
      FROM ${this.table} n JOIN "${this.dataSource.driver.schema}".deliveries d ON d.id = n.delivery_id`;
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

  /** An attempt that failed at `now`: tried again at `nextAttemptAt`, or failed for good. The error is kept with its addresses masked. */
  async markAttemptFailed(
    id: string,
    { attempts, failed, nextAttemptAt, error, now }: { attempts: number; failed: boolean; nextAttemptAt: Date; error: string; now: Date },
  ): Promise<void> {
    await this.dataSource.query(`UPDATE ${this.table} SET attempts = $2, status = $3, next_attempt_at = $4, last_error = $5, failed_at = $6 WHERE id = $1`, [
      id,
      attempts,
      failed ? 'failed' : 'pending',
      nextAttemptAt,
      maskEmailsIn(error),
      failed ? now : null,
    ]);
  }

  /** Operators' list across merchants (GET /v1/ops/notifications): of one status or all, newest first, from `after` on. */
  listForOperators({ status, after, limit }: { status?: NotificationStatus; after?: ListPosition; limit: number }): Promise<OperatorNotificationRow[]> {
    return this.dataSource.query(
      `${this.withDelivery}
       WHERE ($1::text IS NULL OR n.status = $1) AND ($2::timestamptz IS NULL OR (n.created_at, n.id) < ($2, $3))
       ORDER BY n.created_at DESC, n.id DESC LIMIT $4`,
      [status ?? null, after?.createdAt ?? null, after?.id ?? null, limit],
    );
  }

  async findForOperators(id: string): Promise<OperatorNotificationRow | undefined> {
    const rows: OperatorNotificationRow[] = await this.dataSource.query(`${this.withDelivery} WHERE n.id = $1`, [id]);
    return rows[0];
  }

  /** An operator's retry: a failed notification is sent at the next pass (one attempt; failing again, it is failed again). Only from failed. */
  async requeueFailed(id: string, now: Date): Promise<void> {
    await this.dataSource.query(`UPDATE ${this.table} SET status = 'pending', retries = retries + 1, failed_at = NULL, next_attempt_at = $2 WHERE id = $1 AND status = 'failed'`, [
      id,
      now,
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
